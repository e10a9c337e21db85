# The two commands of the README's Quick start, and the ones behind them.
# Each does its own set-up: libevdev-dev (and, for the kernel tests, QEMU and a kernel) are
# installed with apt when missing.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
HAPTICS = .build/debug/haptics

.PHONY: demo test deps build unit-test kernel-test bench-smoke fuzz

## demo: the main job: pull to refresh in the terminal, the threshold's impact on the best
## available driver (a gamepad, else the terminal); headless, a bundled gesture trace replayed.
demo: build
	@if [ -t 0 ]; then $(HAPTICS) demo; else $(HAPTICS) demo --trace Traces/clean-pull.csv; fi

## test: the whole suite: unit tests, the kernel tests in a VM, and a smoke run of the benchmark.
test: unit-test bench-smoke kernel-test

deps:
	@scripts/ensure-packages.sh libevdev-dev pkg-config

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

## fuzz: libFuzzer on the AHAP loader and renderer for 60 s (FUZZ_SECONDS to change).
fuzz:
	SWIFTC=$(dir $(SWIFT))swiftc scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)
