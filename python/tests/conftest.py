"""What the tests share: the repository's files, and the command line for the Swift engine's
own frames (``HAPTICS_CLI``, else ``.build/debug/haptics``)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Dict, List

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture
def repository() -> Path:
    """The repository's root."""
    return REPOSITORY


def cli_output(*arguments: str) -> str:
    """What `haptics ARGUMENTS --driver record` prints: its frames, one JSON object a line."""
    cli = os.environ.get("HAPTICS_CLI") or str(REPOSITORY / ".build" / "debug" / "haptics")
    if not os.access(cli, os.X_OK):
        pytest.skip(f"no haptics command line at {cli} (swift build, or set HAPTICS_CLI)")
    return subprocess.run([cli, *arguments, "--driver", "record"], check=True, capture_output=True, text=True).stdout


def cli_frames(*arguments: str) -> List[Dict[str, float]]:
    """The frames `haptics ARGUMENTS --driver record` prints, decoded."""
    return [json.loads(line) for line in cli_output(*arguments).splitlines() if line.strip()]
