# timeline-cards: `make demo` sets up a fresh Debian machine and renders the demo; `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
BIN = .build/debug/timeline-cards
RELEASE_BIN = .build/release/timeline-cards
APT_PACKAGES = libcairo2-dev libpango1.0-dev librsvg2-dev librsvg2-bin fontconfig

.PHONY: deps build release demo test goldens bench fuzz docs man clean

# Installs the system libraries when any is missing (root on Debian; sudo otherwise).
deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

demo: build
	$(BIN) render fixtures/demo.yaml -o out --format svg --format png --format pdf
	$(BIN) render fixtures/demo.yaml -o out --feed --format png
	@echo "rendered into out/"; ls out

test: deps
	$(SWIFT) build $(BUILD_FLAGS)
	$(SWIFT) test $(BUILD_FLAGS) 2>&1 | tee .build/test.log | grep -E "error|failed|passed|Executed|skipped" ; exit $${PIPESTATUS[0]}

clean:
	rm -rf .build out
