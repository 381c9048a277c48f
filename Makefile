# timeline-cards: `make demo` sets up a fresh Debian machine and renders the demo; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
BIN = .build/debug/timeline-cards
RELEASE_BIN = .build/release/timeline-cards
APT_PACKAGES = libcairo2-dev libpango1.0-dev libyaml-dev librsvg2-2 librsvg2-bin fontconfig qpdf poppler-utils \
  $(TEST_FONT_PACKAGES)
# The machine's fonts that the --system-fonts tests name (URW Bookman in
# Tests/TimelineKitTests/Inputs/missing-glyphs.yaml); a fresh Debian has none of them.
TEST_FONT_PACKAGES = fonts-urw-base35

.PHONY: deps long-text-check build release release-check demo test clients schema-tools goldens bench \
	font-tools seam-certificates seam-certificates-check \
  mermaid-memory-check fuzz tsan platform-check platform-root docs docc docc-plugin-check man completions deb \
  deb-check dist dist-check serve-check warnings \
  clean install uninstall snippets format lint

# Installs the system libraries when any is missing (root on Debian; sudo otherwise).
# ICU's package is named by its major version (Debian 12: libicu72, Ubuntu 22.04: libicu70, 24.04:
# libicu74): when no libicui18n is installed, the newest the package sources offer, looked up after
# apt-get update (a fresh container has no package lists). TimelineICU opens whichever is installed.
# On macOS, Homebrew's packages instead (docs/getting-started.md).
BREW_PACKAGES = pkg-config cairo pango libyaml librsvg
deps:
	@if [ "$$(uname -s)" = Darwin ]; then \
	  for p in $(BREW_PACKAGES); do brew list --versions $$p >/dev/null || brew install $$p || exit 1; done; \
	  exit 0; \
	fi; \
	missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	icu=$$( /sbin/ldconfig -p 2>/dev/null | grep -q 'libicui18n\.so\.[0-9]' || echo libicu ); \
	if [ -n "$$missing$$icu" ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq || exit 1; \
	  if [ -n "$$icu" ]; then \
	    missing="$$missing $$(apt-cache pkgnames libicu | grep -E '^libicu[0-9]+$$' | sort -V | tail -n 1)"; \
	  fi; \
	  echo "installing:$$missing"; \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

# A release build as SwiftPM makes it, with the Swift runtime and FoundationEssentials linked in
# (not loaded as shared libraries), so the binary runs where no Swift toolchain is installed. No
# linker, loader or compiler-frontend tricks: a trick is added only beside its measured saving of
# 5 % or more (docs/performance.md, Builds).
RELEASE_FLAGS ?= --static-swift-stdlib

# The fonts go beside the binary, where it looks first: copy the folder with it. Only the tool is
# built: `make install` has no use for the fuzzer or the tests.
release: deps
	$(SWIFT) build -c release --product timeline-cards $(RELEASE_FLAGS) $(BUILD_FLAGS)
	mkdir -p .build/release/timeline-cards_TimelineCairo.resources
	rm -rf .build/release/timeline-cards_TimelineCairo.resources/Fonts
	cp -R Sources/TimelineCairo/Fonts/Bundled .build/release/timeline-cards_TimelineCairo.resources/Fonts
	mkdir -p .build/release/timeline-cards_TimelineBreaks.resources
	rm -rf .build/release/timeline-cards_TimelineBreaks.resources/Breaks
	cp -R Sources/TimelineBreaks/Data .build/release/timeline-cards_TimelineBreaks.resources/Breaks

# The release (other compiler flags, the Swift runtime linked in) against the debug build the tests
# run, and against the golden images (scripts/release-check.sh; about a minute after the builds).
release-check: build release
	bash scripts/release-check.sh $(BIN) $(RELEASE_BIN) .build/release-check

demo: build
	$(BIN) render fixtures/demo.yaml -o out --format svg --format png --format pdf
	$(BIN) render fixtures/demo.yaml -o out --feed --format png
	@echo "rendered into out/"; ls out

# Every test: unit, layout snapshots, golden images, the CLI end to end. The full log is in
# .build/test.log; the last line is the plain 'N passed, N failed' summary, in which each case of
# a Swift Testing test over arguments (each fixture) counts as a test.
# XCTest's closing line, which names the skipped tests when there are any.
EXECUTED = Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?
test: deps schema-tools lint seam-certificates-check
	$(SWIFT) build $(BUILD_FLAGS)
	bash scripts/long-text-check.sh $(BIN)
	@set -o pipefail; $(SWIFT) test $(BUILD_FLAGS) 2>&1 | tee .build/test.log \
	  | grep -aE "error:|failed|Executed .* tests|Test run with" ; status=$$?; \
	  summary=$$(grep -aE "$(EXECUTED)" .build/test.log | tail -1); \
	  total=$$(echo "$$summary" | sed -E 's/.*Executed ([0-9]+) tests?.*/\1/'); \
	  skipped=$$(echo "$$summary" | sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p'); skipped=$${skipped:-0}; \
	  failed=$$(grep -acE "^Test Case '.*' failed" .build/test.log); \
	  if [ -z "$$summary" ]; then echo "0 passed, 1 failed"; exit 1; fi; \
	  read -r swift_testing swift_testing_failed < <(LC_ALL=C awk -f scripts/swift-testing-summary.awk .build/test.log); \
	  total=$$((total + $${swift_testing:-0})); failed=$$((failed + swift_testing_failed)); \
	  if [ "$$skipped" != 0 ]; then echo "$$skipped skipped (not counted as passed)"; fi; \
	  echo "$$((total - skipped - failed)) passed, $$failed failed" | tee .build/test-summary.txt; \
	  [ "$$failed" = 0 ] && grep -aq "Executed" .build/test.log && exit 0; exit 1

# Every fixture shown by the clients people view our images in (Chromium, Inkscape, librsvg,
# poppler) and compared with our PNG; qpdf --check and pngcheck on every file; text found in the
# SVG. Installs the clients from Debian first (scripts/clients.py says what it checks). Then the PNG
# encoder's sweep: images of every shape decoded by the system zlib and compared with cairo's.
CLIENTS_WORK ?= .build/clients
clients: build
	python3 scripts/clients.py $(BIN) fixtures $(CLIENTS_WORK)
	python3 scripts/png-sweep.py $(CLIENTS_WORK)/png-sweep

# A 9,900-character word in every place a text shows renders within a few processor seconds
# (scripts/long-text-check.sh): no field's text costs time quadratic in its length. `make test` runs it.
long-text-check: build
	bash scripts/long-text-check.sh $(BIN)

# A 40 MiB Mermaid timeline (127,000 periods) and its YAML twin validated under a 1 GiB address-space
# limit (ulimit -v 1048576): neither aborts, and Mermaid's peak is within twice YAML's
# (scripts/mermaid-memory-check.py; about four processor minutes with the release build .ci/run makes).
MERMAID_MEMORY_MIB ?= 40
mermaid-memory-check: release
	python3 scripts/mermaid-memory-check.py $(RELEASE_BIN) $(MERMAID_MEMORY_MIB)

# Our own targets and tests compiled with warnings as errors, in a build folder of their own
# (.build-warnings: the flag would rebuild everything in .build). SwiftPM's own note that pkg-config
# offered -pthread is not a compiler warning and stays. `make tsan` compiles with the flag too, and is
# what CI runs.
warnings: deps
	TIMELINE_CARDS_WARNINGS_AS_ERRORS=1 $(SWIFT) build --build-tests --scratch-path .build-warnings $(BUILD_FLAGS)

# `render --serve` in headless Chromium (scripts/serve-check.py): the page follows each save within a
# second, shows a bad save's errors and clears them. Installs Chromium from Debian when missing.
serve-check: build
	@command -v chromium >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }
	python3 scripts/serve-check.py $(BIN) .build/serve-check

# swift-format with the checked-in .swift-format; `make lint` checks it, 120 columns in Swift, Python,
# shell and this Makefile, and Swift functions of 60 lines at most (scripts/lint.sh); `make test`
# runs the lint first.
format:
	swift format --in-place --recursive --configuration .swift-format Package.swift Sources Tests Plugins

lint:
	bash scripts/lint.sh

# Regenerates Tests/DocSnippetsTests/DocSnippets.swift from the Swift snippets of README.md and
# docs/*.md (DocSnippetTests fails while it is stale; it also runs every shell snippet).
snippets:
	python3 scripts/doc-snippets.py generate

# The bundled fonts' seam certificates (which seams between word pieces no lookup of the font
# crosses), read from the fonts' own tables with fontTools: `seam-certificates` writes them again
# after a font changes; the check fails when the checked-in file is not what the script writes
# (compared only with the Unicode data the file was written with: Python's decides decompositions).
font-tools:
	@python3 -c "import fontTools" 2>/dev/null || pip install -q fonttools \
	  || pip install -q --break-system-packages fonttools
seam-certificates: font-tools
	python3 scripts/seam-certificates.py
seam-certificates-check: font-tools
	@python3 scripts/seam-certificates.py --check 2>/dev/null

# The JSON Schema test checks documents with Python's jsonschema.
schema-tools:
	@python3 -c "import jsonschema" 2>/dev/null || pip install -q jsonschema \
	  || pip install -q --break-system-packages jsonschema

# Re-renders the pictures in docs/ from docs/examples/ and the schema copy editors point at.
docs: build
	$(BIN) check docs/examples --expected docs/images --format svg --format png --record
	$(BIN) docc-resources docs/docc/Timelines.docc
	$(BIN) schema > docs/timeline.schema.json

# The API documentation of the library products, from their doc comments and .docc catalogs
# (swift-docc-plugin), into .build/plugins/Swift-DocC/outputs/; a broken symbol link or an
# undocumented parameter fails it.
docc: deps
	$(SWIFT) package --disable-sandbox generate-documentation --target TimelineKit --target TimelineGolden \
	  --target TimelineSnapshotTesting --target TimelineSnapshotStrategies --warnings-as-errors
	@ls -d .build/plugins/Swift-DocC/outputs/*.doccarchive

# The render-timelines plugin in a new client package that depends on this one by path
# (scripts/docc-plugin-check.sh): light and dark images, no churn on a second run, --check, a
# bad input, and generate-documentation's archive. Builds timeline-cards again in the client.
DOCC_PLUGIN_WORK ?= .build/docc-plugin-check
docc-plugin-check: deps
	bash scripts/docc-plugin-check.sh $(CURDIR)/$(DOCC_PLUGIN_WORK)

# The man page, from the command definitions (swift-argument-parser's GenerateManual plugin), with the
# EXAMPLES of docs/man/examples.mdoc after them.
man: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug
	mkdir -p docs/man && cp .build/plugins/GenerateManual/outputs/timeline-cards/*.1 docs/man/
	cat docs/man/examples.mdoc >> docs/man/timeline-cards.1
	@echo "man docs/man/timeline-cards.1"

# Shell completions (swift-argument-parser), into .build/completions/.
completions: build
	mkdir -p .build/completions
	for shell in bash zsh fish; do \
	  $(BIN) --generate-completion-script $$shell > .build/completions/timeline-cards.$$shell; \
	done
	@ls .build/completions

clean:
	rm -rf .build out

# Installs under PREFIX (default /usr/local; DESTDIR for packaging): the release binary in bin/,
# its fonts in share/timeline-cards/Fonts (where the binary looks, whatever the working folder),
# the man page and the bash, zsh and fish completions in their usual share/ folders.
# INSTALL_FROM=DIR installs the timeline-cards already built in DIR instead of building a release.
PREFIX ?= /usr/local
DESTDIR ?=
INSTALL_FROM ?=
INSTALL_ROOT = $(DESTDIR)$(PREFIX)
INSTALLED_FILES = bin/timeline-cards share/man/man1/timeline-cards.1 share/bash-completion/completions/timeline-cards \
  share/zsh/site-functions/_timeline-cards share/fish/vendor_completions.d/timeline-cards.fish
install:
	@if [ -z "$(INSTALL_FROM)" ]; then $(MAKE) --no-print-directory release; fi
	@set -e; from="$(INSTALL_FROM)"; from="$${from:-.build/release}"; root="$(INSTALL_ROOT)"; \
	  install -d "$$root/bin" "$$root/share/timeline-cards" "$$root/share/man/man1" \
	    "$$root/share/bash-completion/completions" \
	    "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	  install -m 755 "$$from/timeline-cards" "$$root/bin/timeline-cards"; \
	  rm -rf "$$root/share/timeline-cards/Fonts"; \
	  cp -R Sources/TimelineCairo/Fonts/Bundled "$$root/share/timeline-cards/Fonts"; \
	  rm -rf "$$root/share/timeline-cards/Breaks"; \
	  cp -R Sources/TimelineBreaks/Data "$$root/share/timeline-cards/Breaks"; \
	  install -m 644 docs/man/timeline-cards.1 "$$root/share/man/man1/timeline-cards.1"; \
	  "$$root/bin/timeline-cards" --generate-completion-script bash \
	    > "$$root/share/bash-completion/completions/timeline-cards"; \
	  "$$root/bin/timeline-cards" --generate-completion-script zsh \
	    > "$$root/share/zsh/site-functions/_timeline-cards"; \
	  "$$root/bin/timeline-cards" --generate-completion-script fish \
	    > "$$root/share/fish/vendor_completions.d/timeline-cards.fish"; \
	  echo "installed $$root/bin/timeline-cards (fonts in $$root/share/timeline-cards/Fonts)"

uninstall:
	@set -e; root="$(INSTALL_ROOT)"; \
	  for file in $(INSTALLED_FILES); do rm -f "$$root/$$file"; done; \
	  rm -rf "$$root/share/timeline-cards"; \
	  echo "removed timeline-cards from $$root"

# A Debian package of the release, timeline-cards_<version>_<arch>.deb in DEB_DIR (scripts/make-deb.sh):
# binary, fonts, man page, completions; Depends computed by dpkg-shlibdeps. `make deb-check` lints it,
# installs it with apt-get as a user would, renders the demo with it, and removes it again.
DEB_DIR ?= .
deb: release
	@command -v dpkg-shlibdeps >/dev/null || { SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq dpkg-dev >/dev/null; }
	bash scripts/make-deb.sh $(RELEASE_BIN) $(DEB_DIR)

deb-check: build
	@$(MAKE) --no-print-directory deb DEB_DIR=.build/deb
	bash scripts/deb-check.sh .build/deb $(BIN)

# A release that installs without compiling: timeline-cards-<version>-<os>-<arch>.tar.gz in DIST_DIR
# (scripts/make-dist.sh), one relocatable folder: bin/, its fonts in share/timeline-cards/Fonts (found
# from the binary's own place), the man page and completions. `make dist-check` unpacks it into two
# folders and renders the demo from each, byte for byte as the tested build (scripts/dist-check.sh).
DIST_DIR ?= .
dist: release
	bash scripts/make-dist.sh $(RELEASE_BIN) $(DIST_DIR)

dist-check: build
	@$(MAKE) --no-print-directory dist DIST_DIR=.build/dist
	bash scripts/dist-check.sh .build/dist $(BIN)

# Re-records fixtures/expected exactly as FixtureGoldenTests compares it, in check's one layout:
# cards of fixtures/NAME.yaml in fixtures/expected/NAME/, feed-*.yaml fixtures as one strip
# fixtures/expected/NAME.{svg,png}. cairo-version.txt names the cairo that drew them: the PNGs are
# exact on it and within a channel difference of 32 on another (FixtureGoldenTests).
goldens: build
	@pkg-config --modversion cairo > fixtures/expected/cairo-version.txt
	@set -e; for f in fixtures/*.yaml fixtures/*.yml fixtures/*.json fixtures/*.mmd; do \
	  [ -f "$$f" ] || continue; name=$$(basename "$${f%.*}"); \
	  case "$$name" in \
	    feed-*) $(BIN) check "$$f" --feed --expected fixtures/expected --tolerance 0 --record ;; \
	    *) $(BIN) check "$$f" --expected fixtures/expected --tolerance 0 --record ;; \
	  esac; \
	done

# The second platform in the loop (scripts/platform-check.sh): the tool built (debug, in the tests'
# build) in a Debian 13 root (Pango 1.56, cairo 1.18, HarfBuzz 10), made once with debootstrap from
# Debian's packages and kept in PLATFORM_ROOT (scripts/debian13-root.sh), renders every fixture as
# this machine's build does: every SVG byte for byte, every PNG within an RMSE of 0.01, every PDF page
# (drawn by poppler) within 0.03, and runs tests there (PLATFORM_TESTS, a filter; empty: none).
# PLATFORM_BENCH=1 then runs `make bench` there. Needs root (debootstrap, chroot, bind mounts). First
# run about 15 minutes, then 5 to 8.
PLATFORM_ROOT ?= /var/cache/timeline-cards/trixie
PLATFORM_BENCH ?= 0
# The text engine's tests, the fixtures' goldens, and the end-to-end tests that read PDFs (cairo 1.18
# writes object streams); PLATFORM_TESTS=. runs the whole suite there (about 25 minutes).
PLATFORM_ENGINE_TESTS := TimelineCairoTests|TimelineBreaksTests|TimelineICUTests|FixtureGoldenTests
PLATFORM_PDF_TESTS := DeterminismTests|ClientReadinessTests|HostileIconTests|HostileOutputTests|EmojiOutputTests
PLATFORM_TESTS ?= $(PLATFORM_ENGINE_TESTS)|$(PLATFORM_PDF_TESTS)|MermaidConvertCommandTests
platform-check: build
	@SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO env PATH="$$PATH" BENCH=$(PLATFORM_BENCH) TESTS='$(PLATFORM_TESTS)' \
	  bash scripts/platform-check.sh $(BIN) $(PLATFORM_ROOT) $(CURDIR)/.build/platform-check

# The Debian 13 root alone, made when missing or brought up to date, then unmounted: what
# platform-check does first. .ci/run makes it in the background while ThreadSanitizer's build runs
# (debootstrap and apt mostly wait on the network and the disk).
platform-root:
	@SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO bash scripts/debian13-root.sh $(PLATFORM_ROOT) setup && \
	  $$SUDO bash scripts/debian13-root.sh $(PLATFORM_ROOT) unmount

# Every test under ThreadSanitizer, in a build of its own (.build-tsan): a data race report ends the
# test process at once (halt_on_error=1, exit 66) and fails it, as ThreadSanitizerTests proves. TSan
# cannot start under an address-space limit (its shadow memory): the runs the hostile-input and
# resource-floor tests make under `prlimit --as` take the plain debug tool, built first and named by
# TIMELINE_CARDS_PLAIN_TOOL. Our targets compile with warnings as errors, as in `make warnings`, so CI
# needs no build of its own for that. TSAN_TESTS=REGEX runs only the tests it matches. The full log is
# in .build-tsan/test.log. Timings: docs/performance.md, ThreadSanitizer. The layouts' property tests
# (one thread, pure) take the first TSAN_ROUND_SHARE of their seeded cards (PropertyRounds); the
# plain `make test` takes them all.
# TSAN_SKIP=REGEX leaves out the tests it matches (a narrower run by hand; .ci/run runs them all).
TSAN_TESTS ?=
TSAN_SKIP ?=
TSAN_ROUND_SHARE ?= 0.125
# TSan sleeps a second at every instrumented process's exit by default (atexit_sleep_ms, so that
# threads still running can report): the tests start the tool hundreds of times, and that second
# was most of an instrumented render (1.3 s, 0.3 without). A race in a process's last moment may
# go unreported; any earlier one still halts it. Without the sleep, a run refusing its input at
# once ended before the thread Pango starts to match fonts (GLib's, not joined) was cleaned up,
# and TSan reported it as a leaked thread: not a race (our lanes are joined within their call,
# the text thread and pool jobs detached).
TSAN_OPTIONS := halt_on_error=1:atexit_sleep_ms=0:report_thread_leaks=0
tsan: deps
	$(SWIFT) build --product timeline-cards $(BUILD_FLAGS)
	@mkdir -p .build-tsan; set -o pipefail; TSAN_OPTIONS=$(TSAN_OPTIONS) TIMELINE_CARDS_PLAIN_TOOL=$(CURDIR)/$(BIN) \
	  TIMELINE_CARDS_ROUND_SHARE=$(TSAN_ROUND_SHARE) TIMELINE_CARDS_WARNINGS_AS_ERRORS=1 \
	  $(SWIFT) test --sanitize=thread --scratch-path .build-tsan $(BUILD_FLAGS) \
	  $(if $(TSAN_TESTS),--filter '$(TSAN_TESTS)') $(if $(TSAN_SKIP),--skip '$(TSAN_SKIP)') 2>&1 \
	  | tee .build-tsan/test.log \
	  | { grep -aE "error:|failed|: ThreadSanitizer|Executed .* tests|Test run with" || true; }

# libFuzzer, FUZZ_SECONDS for each of FUZZ_TARGETS (TIMELINE_FUZZ_TARGET picks one in the binary):
# - document: decode → layout → SVG, seeded from fuzz/corpus (fixtures/*.yaml);
# - json: the JSON reading path alone (strict check, JSON reader, libyaml for comparison),
#   seeded from fixtures/JSONTestSuite;
# - icon: the bytes as a PNG or SVG icon, checked, decoded and drawn in every format, seeded from
#   fixtures/icons and fixtures/hostile/icons;
# - markup: the bytes as an item's description (inline markup, links through the link policy) in
#   SVG and PDF, seeded from fuzz/markup;
# - markdown: the bytes as a Markdown page, its blocks validated at the page's lines, seeded from
#   fuzz/markdown;
# - mermaid: the bytes as a Mermaid timeline (read → layout → SVG, and convert's YAML decoding to
#   the same cards), seeded from fuzz/mermaid (fixtures/*.mmd and the syntax's corners);
# - catalog: the bytes as a DocC catalog (timeline files, folders, links to a secret and to a
#   folder outside it), listed and read as docc-resources does, seeded from fuzz/catalog;
# - serve: the bytes as what a client sends `render --serve`: the request's head framed (in pieces),
#   parsed, its host checked and its path routed as the server does, seeded from fuzz/serve.
# New inputs collect in .build-fuzz/corpus-TARGET; a crash is written to fuzz/crashes/TARGET-* and
# stops the run: fix it and add the input to fixtures/hostile/. Leak checks are off because
# fontconfig and Swift's lazily built globals keep their first allocations for the life of the process.
FUZZ_SECONDS ?= 30
FUZZ_TARGETS_ALL = document json icon markup markdown mermaid catalog serve
FUZZ_TARGETS ?= $(FUZZ_TARGETS_ALL)
fuzz: deps
	$(SWIFT) build -c debug -Xswiftc -sanitize=fuzzer,address --product timeline-fuzz --scratch-path .build-fuzz
	@mkdir -p fuzz/crashes
	@set -e; for target in $(FUZZ_TARGETS); do \
	  case $$target in \
	    document) seeds=fuzz/corpus ;; \
	    json) seeds=fixtures/JSONTestSuite/test_parsing ;; \
	    icon) seeds="fixtures/icons fixtures/hostile/icons" ;; \
	    markup) seeds=fuzz/markup ;; \
	    markdown) seeds=fuzz/markdown ;; \
	    mermaid) seeds=fuzz/mermaid ;; \
	    catalog) seeds=fuzz/catalog ;; \
	    serve) seeds=fuzz/serve ;; \
	    *) echo "unknown fuzz target '$$target' (one of: $(FUZZ_TARGETS_ALL))"; exit 2 ;; \
	  esac; \
	  mkdir -p .build-fuzz/corpus-$$target; \
	  echo "fuzzing $$target for $(FUZZ_SECONDS) s"; \
	  TIMELINE_FUZZ_TARGET=$$target ASAN_OPTIONS=detect_leaks=0 \
	    .build-fuzz/debug/timeline-fuzz .build-fuzz/corpus-$$target $$seeds \
	    -max_total_time=$(FUZZ_SECONDS) -detect_leaks=0 -max_len=4096 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	    -artifact_prefix=fuzz/crashes/$$target-; \
	done

# Benchmarks against Graphviz (`dot -Tsvg` on the same chain of labelled nodes); see docs/performance.md.
# Not a test: prints medians, ratios and whether each speed target of docs/performance.md is met.
# BENCH_FLAGS=--quick for 3 runs.
BENCH_SCRATCH ?= .build-perf
BENCH_FLAGS ?=
bench: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="graphviz time"
	$(SWIFT) build -c release --product timeline-cards $(RELEASE_FLAGS) --scratch-path $(BENCH_SCRATCH) $(BUILD_FLAGS)
	python3 bench/bench.py --bin $(BENCH_SCRATCH)/release/timeline-cards --work $(BENCH_SCRATCH)/bench $(BENCH_FLAGS)
