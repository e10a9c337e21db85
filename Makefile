# The two commands of the README's Quick start, and the ones behind them.
# Each does its own set-up: libevdev-dev, libxml2 (the SVG test parses with FoundationXML) and,
# for the kernel tests, QEMU and a kernel are installed with apt when missing.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
HAPTICS = .build/debug/haptics

.PHONY: demo test deps build unit-test kernel-test bench bench-smoke fuzz

## demo: the main job: pull to refresh in the terminal, the threshold's impact on the best
## available driver (a gamepad, else the terminal); headless, a bundled gesture trace replayed.
demo: build
	@if [ -t 0 ]; then $(HAPTICS) demo; else $(HAPTICS) demo --trace Traces/clean-pull.csv; fi

## test: the whole suite: unit tests, the kernel tests in a VM, and a smoke run of the benchmark.
test: unit-test bench-smoke kernel-test

deps:
	@scripts/ensure-packages.sh libevdev-dev pkg-config libxml2

build: deps
	$(SWIFT) build

unit-test: deps
	$(SWIFT) test

## kernel-test: the evdev driver against a real kernel, in QEMU (installs it when it can).
kernel-test: deps
	SWIFT=$(SWIFT) scripts/kernel-tests.sh

## bench-smoke: the benchmark's harness runs and prints its table (figures not representative).
bench-smoke: deps
	$(SWIFT) build --product haptics-bench
	$$($(SWIFT) build --show-bin-path)/haptics-bench --quick

## fuzz: libFuzzer for 60 s each (FUZZ_SECONDS to change) on the AHAP loader and renderer, the
## .haptic loader, the Haptica parser and the AHAP writer's round trip.
fuzz:
	SWIFTC=$(dir $(SWIFT))swiftc scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)

## bench: the engine's figures (schedule error, latency, render rate, idle cost, memory) into
## bench/results.json, then Haptics, SDL2 and python-evdev side by side on one virtual pad in
## a VM (bench/side-by-side.json, installing what it needs when it can), merged into it.
bench: deps
	$(SWIFT) build -c release --product haptics-bench
	"$$($(SWIFT) build -c release --show-bin-path)/haptics-bench" --json bench/results.json
	SWIFT=$(SWIFT) scripts/bench-vm.sh
	@if [ -f bench/side-by-side.json ]; then \
		python3 scripts/merge-side-by-side.py bench/results.json bench/side-by-side.json && \
		echo "merged the side-by-side figures into bench/results.json"; \
	fi
