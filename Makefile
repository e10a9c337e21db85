# The two commands of the README's Quick start, and the ones behind them.
# Each does its own set-up: libevdev-dev, libxml2 (the SVG test parses with FoundationXML) and,
# for the kernel tests, QEMU and a kernel are installed with apt when missing.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
HAPTICS = .build/debug/haptics
# The benchmarks are a package of their own (bench/Package.swift, its own bench/.build).
BENCH_PACKAGE = --package-path bench
# SwiftPM builds a package that depends on this one by path from a stale plan (see
# scripts/replan.sh): the bench package is planned afresh before each build.
REPLAN_BENCH = scripts/replan.sh bench
# The per-frame cost's baseline: a plain C loop making the evdev driver's system calls.
FRAME_COST_LOOP = .build/bench/frame_cost_loop

# make install: where things go. CONFIGURATION=debug reuses the debug build (for the tests).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
# haptics is one static executable (the Swift runtime, libstdc++, libevdev and glibc linked
# in, `-static-executable`): it needs no toolchain or library on the machine, and starts
# without the dynamic loader (relocating libstdc++ alone costs more than the rest of its
# start-up). Its own scratch path, since the flag reaches every compile: the debug build the
# tests use stays as it is. (The linker's warning that the Swift runtime's dlopen needs the
# build's glibc at run time concerns a lookup the runtime tolerates failing; nothing of
# Haptics loads code at run time.)
STATIC_EXECUTABLE = --scratch-path .build/static-executable -Xswiftc -static-executable
# hapticsd links libsystemd, which Debian ships only as a shared library: the Swift runtime
# is linked in (`--static-swift-stdlib`), the C libraries stay shared.
STATIC = --static-swift-stdlib
BINDIR = $(PREFIX)/bin
UDEVDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/lib/udev/rules.d,/etc/udev/rules.d)
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
INSTALLED = $(DESTDIR)$(BINDIR)/haptics $(DESTDIR)$(BINDIR)/hapticsd $(DESTDIR)$(UDEVDIR)/70-haptics.rules \
	$(DESTDIR)$(USERUNITDIR)/hapticsd.service

# The clients hapticsd's tests drive: fbcli, libfeedback through GObject introspection (with
# Debian's Python), busctl, gdbus, and a dbus-daemon of their own.
DAEMON_TEST_PACKAGES = feedbackd gir1.2-lfb-0.0 python3-gi dbus-daemon libglib2.0-bin systemd

.PHONY: demo test deps build unit-test readme-examples kernel-test bench bench-smoke frame-cost-deps fuzz fuzz-smoke install uninstall install-test lint

## demo: the main job: pull to refresh in the terminal, the threshold's impact on the best
## available driver (a gamepad, else the terminal); headless, a bundled gesture trace replayed.
demo: build
	@if [ -t 0 ]; then $(HAPTICS) demo; else $(HAPTICS) demo --trace Traces/clean-pull.csv; fi

## test: the whole suite: the formatter's lint, unit tests (with hapticsd against real D-Bus clients), every shell
## example of the README, make install into a DESTDIR, the kernel tests in a VM, a smoke run of the benchmark and of
## every fuzzer.
test: lint unit-test readme-examples install-test bench-smoke kernel-test fuzz-smoke

## lint: every Swift file of the repository against .swift-format, warnings as errors
## (`swift format format -i -r Sources Tests bench Package.swift` fixes most of what it finds).
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests bench Package.swift

deps:
	@scripts/ensure-packages.sh libevdev-dev libsystemd-dev pkg-config libxml2

build: deps
	$(SWIFT) build

unit-test: deps
	@scripts/ensure-packages.sh $(DAEMON_TEST_PACKAGES)
	HAPTICS_REQUIRE_CLIENT_TOOLS=1 $(SWIFT) test

## readme-examples: every command of the README's shell examples, read from README.md and run as typed
## (headless: the D-Bus ones against hapticsd on a private bus), each exit status checked; the few that
## cannot run here (make test itself, installing as root) are skipped with the reason.
readme-examples: build
	@scripts/ensure-packages.sh $(DAEMON_TEST_PACKAGES)
	scripts/readme-examples.sh

## install: haptics and hapticsd (release builds), the udev rule and hapticsd's systemd user
## unit, under PREFIX (default /usr/local) inside DESTDIR. uninstall removes exactly those.
install: deps
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_EXECUTABLE) --product haptics
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC) --product hapticsd
	install -D -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(STATIC_EXECUTABLE) --show-bin-path)/haptics" $(DESTDIR)$(BINDIR)/haptics
	install -D -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(STATIC) --show-bin-path)/hapticsd" $(DESTDIR)$(BINDIR)/hapticsd
	install -D -m 644 udev/70-haptics.rules $(DESTDIR)$(UDEVDIR)/70-haptics.rules
	mkdir -p $(DESTDIR)$(USERUNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|' systemd/hapticsd.service.in > $(DESTDIR)$(USERUNITDIR)/hapticsd.service
	chmod 644 $(DESTDIR)$(USERUNITDIR)/hapticsd.service

uninstall:
	rm -f $(INSTALLED)

## install-test: make install into a temporary DESTDIR, check what landed, make uninstall.
install-test: deps
	SWIFT=$(SWIFT) scripts/install-test.sh

## kernel-test: the evdev driver against a real kernel, in QEMU (installs it when it can).
kernel-test: deps
	SWIFT=$(SWIFT) scripts/kernel-tests.sh

## bench-smoke: the benchmark's harness runs and prints its table (figures not representative).
bench-smoke: deps $(FRAME_COST_LOOP)
	@$(REPLAN_BENCH)
	$(SWIFT) build $(BENCH_PACKAGE) --product haptics-bench
	$(SWIFT) build $(BENCH_PACKAGE) --product haptics-frame-cost
	$$($(SWIFT) build $(BENCH_PACKAGE) --show-bin-path)/haptics-bench --quick --c-loop $(FRAME_COST_LOOP)
	SWIFT=$(SWIFT) CONFIGURATION=debug BENCH_JSON=/dev/null scripts/bench-daemon.sh 300

## The per-frame cost counts instructions with valgrind; without it, that section is skipped.
frame-cost-deps:
	@scripts/ensure-packages.sh valgrind gcc libc6-dev || echo "the per-frame cost will be skipped (see the line above)"

$(FRAME_COST_LOOP): bench/frame_cost_loop.c bench/frame_file.h | frame-cost-deps
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -o $@ $< -lm

## fuzz: libFuzzer for 60 s each (FUZZ_SECONDS to change) on the AHAP loader and renderer, the
## .haptic loader, the Haptica parser, the AHAP writer's round trip, the feedbackd theme
## loader and renderer, and hapticsd's reading of D-Bus arguments. The fuzzers are a package of their own (Tests/Fuzz/Package.swift, its
## own Tests/Fuzz/.build).
fuzz:
	SWIFT=$(SWIFT) scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)

## fuzz-smoke: every fuzzer builds and runs, for 5 s each.
fuzz-smoke:
	SWIFT=$(SWIFT) scripts/fuzz.sh 5

## bench: the engine's figures (schedule error, latency, render rate, idle cost, memory,
## instructions per frame against a plain C loop) into bench/results.json, then Haptics, a
## plain C player, SDL2 and python-evdev side by side on one virtual pad in a VM, on the
## instruction clock (bench/side-by-side.json, the verdict) and in real time
## (bench/side-by-side-real-time.json), installing what it needs when it can, merged into it; and
## hapticsd's latency from TriggerFeedback to the driver's write (bench/daemon-latency.json).
bench: deps $(FRAME_COST_LOOP)
	@$(REPLAN_BENCH)
	$(SWIFT) build $(BENCH_PACKAGE) -c release --product haptics-bench
	$(SWIFT) build $(BENCH_PACKAGE) -c release --product haptics-frame-cost
	"$$($(SWIFT) build $(BENCH_PACKAGE) -c release --show-bin-path)/haptics-bench" --json bench/results.json --c-loop $(FRAME_COST_LOOP)
	SWIFT=$(SWIFT) scripts/bench-daemon.sh
	SWIFT=$(SWIFT) scripts/bench-vm.sh
	@if [ -f bench/side-by-side.json ] && [ -f bench/side-by-side-real-time.json ]; then \
		python3 scripts/merge-side-by-side.py bench/results.json bench/side-by-side.json bench/side-by-side-real-time.json && \
		echo "merged the side-by-side figures (both clocks) into bench/results.json"; \
	fi
