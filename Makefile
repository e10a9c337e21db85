# The two commands of the README (make demo, make test), the quick loop (make check), and the
# ones behind them; `make help` lists them all. Each target's first comment line, `## target:
# what it does`, is what `make help` prints; the `#` lines after it say more.
# Most targets do their own set-up: libevdev-dev, libxml2 (the SVG test parses with
# FoundationXML) and, for the kernel tests, QEMU and a kernel are installed with apt when
# missing. make check installs nothing: it names what is missing.

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
# Everything goes under DESTDIR/PREFIX. /usr and /usr/local are the system's prefixes: the
# loader (once ldconfig has run), udev, systemd, the session bus, python3, man and the shells
# look there on their own. Under any other prefix nothing is written elsewhere and nothing
# system-wide runs: ENVFILE, a shell file to source, tells the shell where to look, and make
# install says so at its end.
PREFIX ?= /usr/local
DESTDIR ?=
CONFIGURATION ?= release
SYSTEM_PREFIX = $(filter /usr /usr/local,$(PREFIX))
# Each set of build flags has a scratch path of its own: SwiftPM rebuilds a scratch path's
# modules whenever the flags differ from its last build, so release builds that shared one
# would rebuild each other at every make install or make deb. The C library and
# haptics-docgen build with the flags of `swift build` (.build, shared with the tests).
# haptics is one static executable (the Swift runtime, libstdc++, libevdev and glibc linked
# in, `-static-executable`): it needs no toolchain or library on the machine, and starts
# without the dynamic loader (relocating libstdc++ alone costs more than the rest of its
# start-up). (The linker's warning that the Swift runtime's dlopen needs the build's glibc at
# run time concerns a lookup the runtime tolerates failing; nothing of Haptics loads code at
# run time.)
STATIC_EXECUTABLE = --scratch-path .build/static-executable -Xswiftc -static-executable
# hapticsd links libsystemd, which Debian ships only as a shared library: the Swift runtime
# is linked in (`--static-swift-stdlib`), the C libraries stay shared.
STATIC = --scratch-path .build/static-stdlib --static-swift-stdlib
BINDIR = $(PREFIX)/bin
# udev reads /usr/lib/udev/rules.d and /usr/local/lib/udev/rules.d (and /etc/udev/rules.d,
# which UDEVDIR=/etc/udev/rules.d names for another prefix).
UDEVDIR ?= $(PREFIX)/lib/udev/rules.d
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
# libhaptics (the C library, its header and pkg-config file) and the Python package over it.
# LIBRARY_VERSION is the one haptics_version() gives; the soname's 0 is its ABI. make deb
# sets LIBDIR to Debian's multiarch directory.
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
LIBRARY_VERSION := $(shell sed -n 's/.*static let text = "\(.*\)"/\1/p' Sources/HapticsModel/Version/ProgramVersion.swift)
SONAME = libhaptics.so.0
REALNAME = libhaptics.so.$(LIBRARY_VERSION)
# ldconfig tells the loader about the library: it runs after an install into a system prefix
# without a DESTDIR. LDCONFIG= skips it; LDCONFIG=ldconfig runs it for any prefix.
LDCONFIG ?= $(if $(and $(SYSTEM_PREFIX),$(if $(DESTDIR),,system)),ldconfig)
# Debian's python3 reads /usr/lib/python3/dist-packages, and under any other prefix (such as
# /usr/local) lib/python3.X/dist-packages.
PYTHON_VERSION := $(shell /usr/bin/python3 -c 'import sys; print("python%d.%d" % sys.version_info[:2])' 2>/dev/null || echo python3)
PYTHONDIR ?= $(if $(filter /usr,$(PREFIX)),$(PREFIX)/lib/python3/dist-packages,$(PREFIX)/lib/$(PYTHON_VERSION)/dist-packages)
PYTHON_FILES = $(notdir $(wildcard python/haptics/*.py)) py.typed
LIBRARY_INSTALLED = $(DESTDIR)$(LIBDIR)/$(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libhaptics.so \
	$(DESTDIR)$(INCLUDEDIR)/haptics.h $(DESTDIR)$(PKGCONFIGDIR)/haptics.pc $(addprefix $(DESTDIR)$(PYTHONDIR)/haptics/,$(PYTHON_FILES))
# haptics.pc names its directories from ${prefix}, so that `pkg-config --define-prefix` moves
# them with the file (a directory outside PREFIX stays as it is).
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))
DATADIR = $(PREFIX)/share
DBUSSERVICEDIR = $(DATADIR)/dbus-1/services
MANDIR = $(DATADIR)/man
BASHCOMPLETIONDIR = $(DATADIR)/bash-completion/completions
ZSHCOMPLETIONDIR = $(DATADIR)/zsh/vendor-completions
FISHCOMPLETIONDIR = $(DATADIR)/fish/vendor_completions.d
# The environment an install outside the system's prefixes needs (PATH, LD_LIBRARY_PATH,
# PKG_CONFIG_PATH, PYTHONPATH, MANPATH, XDG_DATA_DIRS for the completions, zsh's fpath).
ENVFILE ?= $(if $(SYSTEM_PREFIX),,$(DATADIR)/haptics/env.sh)
# The manual pages and completions, written by haptics-docgen from the programs' option
# declarations (a debug build: it runs at install time only); the manual pages name the
# files under PREFIX.
DOCGEN = .build/debug/haptics-docgen --prefix $(PREFIX)
MANPAGES = $(MANDIR)/man1/haptics.1.gz $(MANDIR)/man1/hapticsd.1.gz $(MANDIR)/man5/haptics-patterns.5.gz
COMPLETIONS = $(BASHCOMPLETIONDIR)/haptics $(BASHCOMPLETIONDIR)/hapticsd $(ZSHCOMPLETIONDIR)/_haptics \
	$(ZSHCOMPLETIONDIR)/_hapticsd $(FISHCOMPLETIONDIR)/haptics.fish $(FISHCOMPLETIONDIR)/hapticsd.fish
INSTALLED = $(DESTDIR)$(BINDIR)/haptics $(DESTDIR)$(BINDIR)/hapticsd $(DESTDIR)$(UDEVDIR)/70-haptics.rules \
	$(DESTDIR)$(USERUNITDIR)/hapticsd.service $(DESTDIR)$(DBUSSERVICEDIR)/org.sigxcpu.Feedback.service \
	$(addprefix $(DESTDIR),$(MANPAGES) $(COMPLETIONS) $(ENVFILE))

# What building needs.
BUILD_PACKAGES = libevdev-dev libsystemd-dev pkg-config libxml2
# The clients hapticsd's tests drive: fbcli, libfeedback through GObject introspection (with
# Debian's Python), busctl, gdbus, and a dbus-daemon of their own.
DAEMON_TEST_PACKAGES = feedbackd gir1.2-lfb-0.0 python3-gi dbus-daemon libglib2.0-bin systemd

.PHONY: demo test check help deps build unit-test doc-examples kernel-test golden lfb-integration bench bench-smoke frame-cost-deps fuzz \
	fuzz-smoke install uninstall install-test lint check-imports install-library uninstall-library c-test python-test activation-test deb \
	deb-test docs docs-test

## demo: pull to refresh, the threshold's impact on a gamepad if found, else drawn; headless, a bundled trace
# The best available driver (a gamepad, else the terminal); without a terminal, a bundled gesture
# trace replayed.
demo: build
	@if [ -t 0 ]; then $(HAPTICS) demo; else $(HAPTICS) demo --trace Traces/clean-pull.csv; fi

## test: the whole suite, as CI runs it (root, apt, QEMU, network): every target marked (in make test)
# The formatter's lint and the import check, unit tests (with hapticsd against real D-Bus clients),
# every example of the documentation, make install into a DESTDIR, the C library and the Python
# package against a staged install, hapticsd started by D-Bus activation, the Debian package
# installed and purged, the kernel tests in a VM (hapticsd beside Debian's feedbackd among them),
# feedbackd's own client test against hapticsd, a smoke run of the benchmark and of every fuzzer.
test: lint check-imports unit-test doc-examples install-test c-test python-test activation-test deb-test bench-smoke kernel-test \
	lfb-integration fuzz-smoke

## check: the quick loop: lint, the import check, the import-checked build and swift test; no root, network or VM
# Installs nothing: a missing build package is named, with the apt-get line that installs it.
# Tests that need a tool this machine lacks (fbcli, the GObject bindings) skip with the reason;
# make test requires them.
# The import check runs after the build, so that it inspects the libhaptics this build made.
check: lint
	@scripts/ensure-packages.sh --check $(BUILD_PACKAGES)
	$(SWIFT) build --explicit-target-dependency-import-check error
	@$(MAKE) --no-print-directory check-imports
	$(SWIFT) test

## help: every target, with one line on what it does
help:
	@awk '/^## [A-Za-z0-9_.-]+: / { name = $$2; sub(/:$$/, "", name); line = $$0; sub(/^## [^:]*: /, "", line); \
		printf "  %-17s %s\n", name, line }' $(firstword $(MAKEFILE_LIST))

## lint: every Swift file against .swift-format, warnings as errors (in make check and make test)
# `swift format format -i -r Sources Tests bench Package.swift` fixes most of what it finds.
lint:
	$(SWIFT) format lint --strict --recursive --configuration .swift-format Sources Tests bench Package.swift

## check-imports: every target declares exactly the project modules it imports (in make check and make test)
# Here and in Tests/KernelTests, bench and Tests/Fuzz; ARCHITECTURE.md's module table matches
# Package.swift; and a built libhaptics has no command-line or HapticsTesting symbol.
check-imports:
	python3 scripts/test_check_imports.py -q
	SWIFT=$(SWIFT) python3 scripts/check-imports.py $(if $(wildcard .build/debug/libHapticsC.so),--library .build/debug/libHapticsC.so)

## deps: installs the packages building needs when missing, with apt (as root or through sudo)
deps:
	@scripts/ensure-packages.sh $(BUILD_PACKAGES)

## build: the debug build (swift build), after deps
build: deps
	$(SWIFT) build

## unit-test: swift test, requiring every D-Bus client tool hapticsd's tests drive (in make test)
unit-test: deps
	@scripts/ensure-packages.sh $(DAEMON_TEST_PACKAGES)
	HAPTICS_REQUIRE_CLIENT_TOOLS=1 $(SWIFT) test

## doc-examples: every example of README.md, CONTRIBUTING.md and docs/, run as typed in a clean copy (in make test)
# Read from the pages and run headless from a copy of the repository's tracked files (the D-Bus
# ones against hapticsd on a private bus, the C and Python ones against a staged libhaptics),
# each exit status checked; the few that cannot run here (make test itself, installing as root)
# are skipped with the reason.
doc-examples: build
	@scripts/ensure-packages.sh $(DAEMON_TEST_PACKAGES)
	scripts/doc-examples.sh

## install: everything, under PREFIX (default /usr/local) inside DESTDIR (docs/install.md)
# haptics and hapticsd (release builds), the udev rule, hapticsd's systemd user unit and D-Bus
# activation file, libhaptics with haptics.h and haptics.pc, the Python package, the manual pages
# haptics(1), hapticsd(1), haptics-patterns(5) and the bash, zsh and fish completions (generated
# from the option declarations); under a prefix the system does not read, ENVFILE
# (PREFIX/share/haptics/env.sh) to source.
install: deps install-library
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC_EXECUTABLE) --product haptics
	$(SWIFT) build -c $(CONFIGURATION) $(STATIC) --product hapticsd
	install -D -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(STATIC_EXECUTABLE) --show-bin-path)/haptics" $(DESTDIR)$(BINDIR)/haptics
	install -D -m 755 "$$($(SWIFT) build -c $(CONFIGURATION) $(STATIC) --show-bin-path)/hapticsd" $(DESTDIR)$(BINDIR)/hapticsd
	install -D -m 644 udev/70-haptics.rules $(DESTDIR)$(UDEVDIR)/70-haptics.rules
	mkdir -p $(DESTDIR)$(USERUNITDIR)
	sed 's|@BINDIR@|$(BINDIR)|' systemd/hapticsd.service.in > $(DESTDIR)$(USERUNITDIR)/hapticsd.service
	chmod 644 $(DESTDIR)$(USERUNITDIR)/hapticsd.service
	mkdir -p $(DESTDIR)$(DBUSSERVICEDIR)
	sed 's|@BINDIR@|$(BINDIR)|' dbus/org.sigxcpu.Feedback.service.in > $(DESTDIR)$(DBUSSERVICEDIR)/org.sigxcpu.Feedback.service
	chmod 644 $(DESTDIR)$(DBUSSERVICEDIR)/org.sigxcpu.Feedback.service
	$(SWIFT) build --product haptics-docgen
	mkdir -p $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(BASHCOMPLETIONDIR) $(DESTDIR)$(ZSHCOMPLETIONDIR) \
		$(DESTDIR)$(FISHCOMPLETIONDIR)
	$(DOCGEN) haptics.1 > $(DESTDIR)$(MANDIR)/man1/haptics.1 && gzip -9nf $(DESTDIR)$(MANDIR)/man1/haptics.1
	$(DOCGEN) hapticsd.1 > $(DESTDIR)$(MANDIR)/man1/hapticsd.1 && gzip -9nf $(DESTDIR)$(MANDIR)/man1/hapticsd.1
	$(DOCGEN) haptics-patterns.5 > $(DESTDIR)$(MANDIR)/man5/haptics-patterns.5 && gzip -9nf $(DESTDIR)$(MANDIR)/man5/haptics-patterns.5
	$(DOCGEN) haptics.bash > $(DESTDIR)$(BASHCOMPLETIONDIR)/haptics
	$(DOCGEN) hapticsd.bash > $(DESTDIR)$(BASHCOMPLETIONDIR)/hapticsd
	$(DOCGEN) _haptics > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_haptics
	$(DOCGEN) _hapticsd > $(DESTDIR)$(ZSHCOMPLETIONDIR)/_hapticsd
	$(DOCGEN) haptics.fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/haptics.fish
	$(DOCGEN) hapticsd.fish > $(DESTDIR)$(FISHCOMPLETIONDIR)/hapticsd.fish
	chmod 644 $(addprefix $(DESTDIR),$(MANPAGES) $(COMPLETIONS))
ifneq ($(ENVFILE),)
	mkdir -p $(dir $(DESTDIR)$(ENVFILE))
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@ENVFILE@|$(ENVFILE)|g' -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' \
		-e 's|@PKGCONFIGDIR@|$(PKGCONFIGDIR)|g' -e 's|@PYTHONDIR@|$(PYTHONDIR)|g' -e 's|@MANDIR@|$(MANDIR)|g' \
		-e 's|@DATADIR@|$(DATADIR)|g' -e 's|@ZSHCOMPLETIONDIR@|$(ZSHCOMPLETIONDIR)|g' env/env.sh.in > $(DESTDIR)$(ENVFILE)
	chmod 644 $(DESTDIR)$(ENVFILE)
	@echo
	@echo "Installed under $(PREFIX), where the system does not look on its own. Source $(ENVFILE)"
	@echo "in each shell that uses Haptics (or in ~/.profile):"
	@echo "    . $(ENVFILE)"
	@echo "It sets PATH, LD_LIBRARY_PATH (the library), PKG_CONFIG_PATH, PYTHONPATH, MANPATH, XDG_DATA_DIRS (the"
	@echo "bash and fish completions) and zsh's fpath."
ifneq ($(filter $(PREFIX)/%,$(UDEVDIR)),)
	@echo "The udev rule (gamepads for the user at the seat, without root) works only where udev reads it:"
	@echo "    sudo install -m 644 $(UDEVDIR)/70-haptics.rules /etc/udev/rules.d/"
endif
	@echo "systemd and the session bus start hapticsd on demand only from /usr and /usr/local: run $(BINDIR)/hapticsd"
	@echo "yourself."
endif

## uninstall: removes exactly what make install installed (same variables)
uninstall: uninstall-library
	rm -f $(INSTALLED)
	$(if $(ENVFILE),rmdir $(dir $(DESTDIR)$(ENVFILE)) 2>/dev/null || true)

## install-library: libhaptics, haptics.h, haptics.pc and the Python package alone
# libhaptics.so.LIBRARY_VERSION (the Swift runtime inside, soname libhaptics.so.0) with its two
# links. Under a system prefix without a DESTDIR, ldconfig then tells the loader about the
# library (LDCONFIG).
install-library: deps
	$(SWIFT) build -c $(CONFIGURATION) --product HapticsC
	install -D -m 644 "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)/libHapticsC.so" $(DESTDIR)$(LIBDIR)/$(REALNAME)
	ln -sf $(REALNAME) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libhaptics.so
	install -D -m 644 CHaptics/haptics.h $(DESTDIR)$(INCLUDEDIR)/haptics.h
	mkdir -p $(DESTDIR)$(PKGCONFIGDIR)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(PC_LIBDIR)|' -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|' -e 's|@VERSION@|$(LIBRARY_VERSION)|' \
		CHaptics/haptics.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/haptics.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/haptics.pc
	install -d $(DESTDIR)$(PYTHONDIR)/haptics
	install -m 644 $(addprefix python/haptics/,$(PYTHON_FILES)) $(DESTDIR)$(PYTHONDIR)/haptics/
	$(if $(LDCONFIG),$(LDCONFIG))

## uninstall-library: removes what make install-library installed
uninstall-library:
	rm -f $(LIBRARY_INSTALLED)
	rm -rf $(DESTDIR)$(PYTHONDIR)/haptics/__pycache__
	rmdir $(DESTDIR)$(PYTHONDIR)/haptics 2>/dev/null || true

## c-test: the C library against a staged install: the example, bad arguments, threads (in make test)
# The C example built with `pkg-config --cflags --libs haptics` and its frames checked against
# `haptics play --driver record` for every preset; a C program calling every function with bad
# arguments, and one calling from several threads at once.
c-test: build
	@scripts/ensure-packages.sh gcc libc6-dev pkg-config
	SWIFT=$(SWIFT) scripts/c-library-test.sh

## python-test: the Python package's pytest suite on a staged library, and pip install ./python (in make test)
python-test: build
	@scripts/ensure-packages.sh python3-pytest python3-venv python3-pip python3-setuptools python3-mypy
	SWIFT=$(SWIFT) scripts/python-test.sh

## install-test: make install into a temporary DESTDIR, check what landed, make uninstall (in make test)
install-test: deps
	SWIFT=$(SWIFT) scripts/install-test.sh

## activation-test: on a private bus with hapticsd's activation file, the first fbcli call starts it (in make test)
activation-test: build
	@scripts/ensure-packages.sh $(DAEMON_TEST_PACKAGES)
	scripts/activation-test.sh

## deb: the Debian packages haptics, libhaptics0, libhaptics-dev and python3-haptics in this folder
# From make install (release builds) with dpkg-deb, split as Debian does: haptics (the programs),
# libhaptics0 (the library, in the multiarch directory), libhaptics-dev (haptics.h, the
# libhaptics.so link, haptics.pc) and python3-haptics (the Python package).
deb: deps
	SWIFT=$(SWIFT) scripts/make-deb.sh

## deb-test: make deb, lintian, the packages installed next to feedbackd, run and purged; as root (in make test)
# make install then make deb (release builds), the second compiling nothing; lintian without a
# warning the packages do not override; each file in its package; run (haptics, man haptics,
# completions, activation, the C example built against libhaptics-dev, the Python package),
# purged, and nothing left. Skipped without root, outside CI.
deb-test: deps
	SWIFT=$(SWIFT) scripts/deb-test.sh

## docs: the library's DocC documentation as a static site in .build/docs, served under /haptics
# DOCS_DIR and DOCS_BASE_PATH change them.
docs: deps
	SWIFT=$(SWIFT) scripts/docs.sh

## docs-test: make docs, then its main page and an article rendered by headless Chromium (in CI)
docs-test: deps
	SWIFT=$(SWIFT) scripts/docs-test.sh

## kernel-test: the drivers and hapticsd against real kernels in QEMU, 6.1 and 7.3 (KERNEL= one) (in make test)
# Installs QEMU when it can; trixie-backports' 7.3 is fetched from the Debian mirror at the first
# run and cached under .build/debian. Among them, hapticsd beside Debian's feedbackd, event by
# event, on the same kind of pad. One test: KERNEL=6.1 scripts/kernel-tests.sh --filter TEXT.
kernel-test: deps
	SWIFT=$(SWIFT) KERNEL="$(KERNEL)" scripts/kernel-tests.sh

## golden: records the kernel tests' golden files afresh from the VM's kernel; git diff shows what changed
# Tests/KernelTests/Golden/<kernel>/<pad>/<pattern>.txt: what each emulated pad receives for the
# presets, an AHAP file and a Haptica string.
golden: deps
	SWIFT=$(SWIFT) scripts/kernel-tests.sh --update-golden

## lfb-integration: feedbackd's own client test against hapticsd on the test's private bus (in make test)
# tests/test-lfb-integration.c from Debian's source package, fetched and built at test time.
lfb-integration: deps
	SWIFT=$(SWIFT) scripts/lfb-integration.sh

## bench-smoke: the benchmark's harness runs and prints its table, figures not representative (in make test)
bench-smoke: deps $(FRAME_COST_LOOP)
	@$(REPLAN_BENCH)
	$(SWIFT) build $(BENCH_PACKAGE) --product haptics-bench
	$(SWIFT) build $(BENCH_PACKAGE) --product haptics-frame-cost
	$$($(SWIFT) build $(BENCH_PACKAGE) --show-bin-path)/haptics-bench --quick --c-loop $(FRAME_COST_LOOP)
	SWIFT=$(SWIFT) CONFIGURATION=debug BENCH_JSON=/dev/null scripts/bench-daemon.sh 300

## frame-cost-deps: installs valgrind and gcc for the per-frame cost (without them, it is skipped)
frame-cost-deps:
	@scripts/ensure-packages.sh valgrind gcc libc6-dev || echo "the per-frame cost will be skipped (see the line above)"

$(FRAME_COST_LOOP): bench/frame_cost_loop.c bench/frame_file.h | frame-cost-deps
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -o $@ $< -lm

## fuzz: libFuzzer for 60 s each (FUZZ_SECONDS to change) on every loader and parser
# The AHAP loader and renderer, the .haptic loader, the Haptica parser, the AHAP writer's round
# trip, the feedbackd theme loader and renderer, hapticsd's reading of D-Bus arguments, and the
# WAV reader with the sound analysis. The fuzzers are a package of their own
# (Tests/Fuzz/Package.swift, its own Tests/Fuzz/.build).
fuzz:
	SWIFT=$(SWIFT) scripts/fuzz.sh $(or $(FUZZ_SECONDS),60)

## fuzz-smoke: every fuzzer builds and runs, for 5 s each (in make test)
fuzz-smoke:
	SWIFT=$(SWIFT) scripts/fuzz.sh 5

## bench: every benchmark of BENCHMARKS.md, into bench/*.json (QEMU for the side by side and the latencies)
# The engine's figures (schedule error, latency, render rate, idle cost, memory, instructions per
# frame against a plain C loop) into bench/results.json, then Haptics, a plain C player, SDL2 and
# python-evdev side by side on one virtual pad in a VM, on the instruction clock
# (bench/side-by-side.json, the verdict) and in real time (bench/side-by-side-real-time.json),
# merged into it; hapticsd's latency from TriggerFeedback to the driver's write
# (bench/daemon-latency.json); fbcli -E button-pressed to a pad's first upload, hapticsd beside
# feedbackd in a VM (bench/feedbackd-latency.json); and the pull latency, a trigger past the
# threshold to the pad's impact, haptics demo --input against a plain C program, in a VM
# (bench/pull-latency.json); and the voice coils' latency, haptics --driver audio against a
# plain C alsa-lib writer on a USB DualSense in a VM (bench/audio-latency.json). Installs what
# it needs when it can.
bench: deps $(FRAME_COST_LOOP)
	@$(REPLAN_BENCH)
	$(SWIFT) build $(BENCH_PACKAGE) -c release --product haptics-bench
	$(SWIFT) build $(BENCH_PACKAGE) -c release --product haptics-frame-cost
	"$$($(SWIFT) build $(BENCH_PACKAGE) -c release --show-bin-path)/haptics-bench" --json bench/results.json --c-loop $(FRAME_COST_LOOP)
	SWIFT=$(SWIFT) scripts/bench-daemon.sh
	SWIFT=$(SWIFT) scripts/bench-feedbackd.sh
	SWIFT=$(SWIFT) scripts/bench-vm.sh
	SWIFT=$(SWIFT) scripts/bench-latency-vm.sh
	SWIFT=$(SWIFT) scripts/bench-audio-latency.sh
	@if [ -f bench/side-by-side.json ] && [ -f bench/side-by-side-real-time.json ]; then \
		python3 scripts/merge-side-by-side.py bench/results.json bench/side-by-side.json bench/side-by-side-real-time.json && \
		echo "merged the side-by-side figures (both clocks) into bench/results.json"; \
	fi
