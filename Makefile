# Larder: two commands do everything on a fresh Debian 12 machine with Swift 6.
#   make run   installs what is missing, builds, and serves http://127.0.0.1:8080
#   make test  installs what is missing, lints, builds and runs every test

# The toolchain's usual home on these machines; harmless where swift is already on PATH.
export PATH := $(PATH):/opt/swift/usr/bin

SWIFT ?= swift
ARGS ?=

.PHONY: run test test-without-shared test-api test-browser test-interop deps build release lint format bench bench-soak bench-web clean food-catalog peer train-tagger fuzz

deps:
	@scripts/ensure-deps.sh

run: deps release
	.build/release/larder serve $(ARGS)

# Release builds link the Swift runtime and Foundation statically: one binary that needs only
# the C libraries Debian provides, and a faster start and run (no dynamic Swift symbols).
RELEASE_FLAGS := -c release --static-swift-stdlib

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product larder

build: deps
	$(SWIFT) build

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Sources Tests fuzz/libfuzzer/Package.swift fuzz/libfuzzer/Sources

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests fuzz/libfuzzer/Package.swift fuzz/libfuzzer/Sources

# The Swift suite runs beside a private PostgreSQL server (scripts/with-postgres.sh), so the
# store contract tests run on SQLite, in memory and on PostgreSQL; LARDER_REQUIRE_POSTGRES
# makes a server that could not be started a failure rather than a skip. scripts/swift-test.sh
# ends the output with what failed, and runs a failed test once more on its own: one that then
# passes is reported FLAKY by name and does not fail the run; one that fails twice does.
test: deps lint
	$(SWIFT) build --build-tests
	LARDER_TEST_RETRY_FLAKY=1 LARDER_REQUIRE_POSTGRES=1 scripts/with-postgres.sh scripts/swift-test.sh
	scripts/interop.sh
	scripts/api-fuzz.sh
	browser-tests/run.sh

# The Swift suite as a user who clones the repository has it, without ../shared beside it
# (LARDER_SHARED_DATA=none hides it): the tests that need it must skip, not fail.
test-without-shared: deps
	$(SWIFT) build --build-tests
	LARDER_TEST_RETRY_FLAKY=1 LARDER_SHARED_DATA=none LARDER_REQUIRE_POSTGRES=1 scripts/with-postgres.sh scripts/swift-test.sh

# The JSON API fuzzed against its OpenAPI document (GET /api/v1/openapi.json) by schemathesis
# (.venv-fuzz): every operation, a bounded number of examples, no 5xx, every answer as
# documented. Reports in .build/api-fuzz/; ARGS go to `schemathesis run`.
test-api: deps
	$(SWIFT) build --product larder
	scripts/api-fuzz.sh $(ARGS)

# What Larder writes read back by the tools people already use (.venv-interop, from PyPI):
# the Cooklang export by cooklang-rs (cooklang-bindings), against Larder's own parse; recipe
# and share pages' JSON-LD by recipe-scrapers and Larder's own extractor.
test-interop: deps
	$(SWIFT) build --product larder
	scripts/interop.sh

# The web app's journeys in headless Chromium against the debug build (screenshots in
# .build/browser-artifacts/). Installs chromium, chromium-driver and selenium (.venv-browser).
test-browser: deps
	$(SWIFT) build --product larder
	browser-tests/run.sh $(ARGS)

bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product larder-bench
	.build/release/larder-bench $(ARGS)

# Ten minutes of mixed load (search, finder, recipe pages, writes) from wrk on a release
# server with 100,000 generated recipes: errors, p99 and RSS each minute, as JSON
# (BENCHMARKS.md). ARGS passes options to scripts/soak.py, e.g. ARGS="--minutes 2".
bench-soak: deps
	@scripts/ensure-deps.sh wrk
	$(SWIFT) build $(RELEASE_FLAGS) --product larder
	$(SWIFT) build $(RELEASE_FLAGS) --product larder-bench
	scripts/soak.py $(ARGS)

# libFuzzer over the parsers and import readers (fuzz/libfuzzer, its own package built with
# -sanitize=fuzzer,address): each target for FUZZ_SECONDS (60) from fuzz/corpus/<target>, new
# inputs kept in .build/fuzz-corpus, failures in .build/fuzz-artifacts. ARGS names targets;
# FUZZ_JOBS runs that many at once. `make test` replays fuzz/corpus (LarderFuzzTests).
FUZZ_SECONDS ?= 60
FUZZ_JOBS ?= 1

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_JOBS=$(FUZZ_JOBS) SWIFT=$(SWIFT) scripts/fuzz.sh $(ARGS)

# Time-to-interactive of the home page with 10,000 generated recipes (see BENCHMARKS.md).
bench-web: deps
	$(SWIFT) build --product larder
	browser-tests/bench_tti.sh $(ARGS)

# The ingredient-parsing peer for `larder-bench ingredients`: ingredient-parser-nlp 2.9.1 in
# .venv-peer/ with the NLTK tagger from ../shared (PyPI only; nothing else is downloaded).
peer:
	scripts/peer/setup.sh

clean:
	rm -rf .build

# Regenerates Sources/LarderCore/Resources/foods.tsv from ../shared/data and the curated list.
food-catalog:
	python3 scripts/build-food-catalog.py
	python3 scripts/build-nutrients.py

# Retrains the ingredient tagger on ../shared/data/ingredient-lines and rewrites the shipped
# model, Sources/LarderCore/Resources/ingredient-tagger.bin (deterministic; prints a report).
train-tagger:
	$(SWIFT) run $(RELEASE_FLAGS) larder-bench train-tagger --data ../shared/data/ingredient-lines --output Sources/LarderCore/Resources/ingredient-tagger.bin
