# Larder: two commands do everything on a fresh Debian 12 machine with Swift 6.
#   make run   installs what is missing, builds, and serves http://127.0.0.1:8080
#   make test  installs what is missing, lints, builds and runs every test

# The toolchain's usual home on these machines; harmless where swift is already on PATH.
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
ARGS ?=

.PHONY: run test deps build release lint format bench clean

deps:
	@scripts/ensure-deps.sh

run: deps release
	.build/release/larder serve $(ARGS)

release:
	$(SWIFT) build -c release --product larder

build: deps
	$(SWIFT) build

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

test: deps lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: deps
	$(SWIFT) build -c release --product larder-bench
	.build/release/larder-bench $(ARGS)

clean:
	rm -rf .build
