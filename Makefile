# Makefile: build, test, fuzz and measure rulefuzz. Every output goes under build/.
#
#   make campaign   README's main job: a short fuzz campaign over every game, with reports
#   make check      the tests (Check suites, records, regressions, clause coverage gate)
#   make fuzz       a time-boxed libFuzzer campaign per game (FUZZ_SECONDS, default 60)
#   make bench      moves/s and games/s, oracles off and on; state sizes
#   make all        the CLI build/rulefuzz and the libraries
#   make deps       install missing Debian packages (as root), or say what to install

CC          ?= cc
FUZZ_CC     ?= clang
BUILD       := build
OPT         ?= -O2
WARN        := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
CFLAGS_BASE := -std=c11 -D_DEFAULT_SOURCE -g $(OPT) $(WARN)
CFLAGS      ?=
ALL_CFLAGS  := $(CFLAGS_BASE) $(CFLAGS)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -pthread)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)

GAMES        := hdz
ENGINE_SRC   := rules/game.c rules/hdz.c rules/hdz_params.c
ORACLE_SRC   := oracles/oracle.c oracles/inv_hdz.c
LIB_SRC      := $(ENGINE_SRC) $(ORACLE_SRC) cli/record.c
LIB_OBJ      := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
HEADERS      := $(wildcard rules/*.h oracles/*.h cli/*.h fuzz/*.h)
TESTS        := check_hdz_rules check_hdz check_hdz_oracles
FUZZ_SECONDS ?= 60
CAMPAIGN_SECONDS ?= 100

.PHONY: all check fuzz campaign bench clean deps test-bins fuzz-bins

all: $(BUILD)/rulefuzz

# ---- dependencies ------------------------------------------------------------------
# Debian packages the project needs, and a file each one installs.
DEPS := clang:/usr/bin/clang \
        libclang-rt-14-dev:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a \
        check:/usr/include/check.h \
        pkg-config:/usr/bin/pkg-config \
        afl++:/usr/bin/afl-fuzz \
        lcov:/usr/bin/lcov
$(BUILD)/.deps-ok: Makefile
	@missing=""; for d in $(DEPS); do f=$${d#*:}; p=$${d%%:*}; [ -e "$$f" ] || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || \
	      { echo "make: apt-get install$$missing failed" >&2; exit 1; }; \
	  else \
	    echo "make: missing Debian packages:$$missing" >&2; \
	    echo "make: install them with: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi
	@mkdir -p $(BUILD) && touch $@
deps: $(BUILD)/.deps-ok

# ---- library and CLI ---------------------------------------------------------------
$(BUILD)/obj/%.o: %.c $(HEADERS) | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/librulefuzz.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/rulefuzz: $(BUILD)/obj/cli/rulefuzz.o $(BUILD)/librulefuzz.a
	$(CC) $(ALL_CFLAGS) -o $@ $^

# ---- tests -------------------------------------------------------------------------
$(BUILD)/tests/%: tests/%.c tests/testutil.h $(BUILD)/librulefuzz.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes $(CHECK_CFLAGS) -o $@ $< $(BUILD)/librulefuzz.a $(CHECK_LIBS)

test-bins: $(TESTS:%=$(BUILD)/tests/%) $(BUILD)/rulefuzz fuzz-bins

# The test command: Check suites (their summary lines), every record in corpus/records and
# corpus/regressions replayed with all oracles, the seed corpus through the harness.
check: test-bins
	@set -e; for t in $(TESTS); do echo "== $$t"; CK_VERBOSITY=normal RF_CORPUS=corpus $(BUILD)/tests/$$t; done
	@echo "== records: every corpus record replayed with all oracles"
	@set -e; n=0; for f in $$(find corpus/records corpus/regressions -name '*.rec' 2>/dev/null | sort); do \
	  $(BUILD)/rulefuzz replay $$f >/dev/null || { echo "FAILED: $$f"; $(BUILD)/rulefuzz replay $$f; exit 1; }; n=$$((n+1)); done; \
	  echo "$$n records replayed, 0 failed"
	@echo "== fuzz seed corpus through the plain harness, then under ASan+UBSan"
	@set -e; for g in $(GAMES); do $(BUILD)/fuzz/$${g}_replay corpus/$$g/*; \
	  out=$$($(BUILD)/fuzz/$${g}_asan -runs=0 corpus/$$g 2>&1) || { echo "$$out" | tail -40; exit 1; }; \
	  echo "$$out" | grep -E '^#[0-9]+[[:space:]]+DONE'; done

# ---- fuzzing -----------------------------------------------------------------------
FUZZ_FLAGS := -std=c11 -D_DEFAULT_SOURCE -g -fno-omit-frame-pointer
# Campaign build: libFuzzer, optimised (every oracle still runs after every move).
$(BUILD)/fuzz/%_libfuzzer: fuzz/fuzz_%.c fuzz/harness.h $(LIB_SRC) $(HEADERS) | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -O2 -fsanitize=fuzzer -o $@ $< $(LIB_SRC)

# Sanitizer build: libFuzzer with AddressSanitizer and UndefinedBehaviorSanitizer.
$(BUILD)/fuzz/%_asan: fuzz/fuzz_%.c fuzz/harness.h $(LIB_SRC) $(HEADERS) | $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ $< $(LIB_SRC)

$(BUILD)/fuzz/%_replay: fuzz/fuzz_%.c fuzz/replay_main.c fuzz/harness.h $(BUILD)/librulefuzz.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-missing-prototypes -o $@ $< fuzz/replay_main.c $(BUILD)/librulefuzz.a

fuzz-bins: $(GAMES:%=$(BUILD)/fuzz/%_replay) $(GAMES:%=$(BUILD)/fuzz/%_asan)

# One time-boxed libFuzzer run per game; crashes become readable records. Exits 1 when a
# run found a crash (an oracle violation or a sanitizer report).
fuzz: $(GAMES:%=$(BUILD)/fuzz/%_libfuzzer) $(BUILD)/rulefuzz
	@set -e; found=0; for g in $(GAMES); do \
	  mkdir -p $(BUILD)/fuzz/corpus-$$g $(BUILD)/fuzz/crashes-$$g; \
	  echo "== fuzz $$g for $(FUZZ_SECONDS)s (corpus $(BUILD)/fuzz/corpus-$$g, seeds corpus/$$g)"; \
	  $(BUILD)/fuzz/$${g}_libfuzzer -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -artifact_prefix=$(BUILD)/fuzz/crashes-$$g/ -dict=fuzz/$$g.dict \
	    $(BUILD)/fuzz/corpus-$$g corpus/$$g 2>$(BUILD)/fuzz/$$g.log || true; \
	  grep -E '^(#[0-9]+.*DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::new_units_added)' $(BUILD)/fuzz/$$g.log || tail -5 $(BUILD)/fuzz/$$g.log; \
	  n=$$(ls $(BUILD)/fuzz/crashes-$$g | wc -l); \
	  if [ $$n -gt 0 ]; then found=1; echo "$$n crash(es) in $(BUILD)/fuzz/crashes-$$g; as records in $(BUILD)/fuzz/records-$$g:"; \
	    $(BUILD)/rulefuzz inputs $$g $(BUILD)/fuzz/crashes-$$g --records $(BUILD)/fuzz/records-$$g --quiet || true; \
	  else echo "no crash"; fi; \
	done; exit $$found

# README's main job: the default campaign over every game, then the clause coverage of
# everything it kept. Exits 1 when the campaign found a crash.
campaign: $(BUILD)/rulefuzz
	@status=0; $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$$(( $(CAMPAIGN_SECONDS) / $(words $(GAMES)) )) || status=1; \
	for g in $(GAMES); do echo "== clause coverage of the $$g campaign corpus"; \
	  $(BUILD)/rulefuzz inputs $$g $(BUILD)/fuzz/corpus-$$g corpus/$$g || status=1; done; \
	exit $$status

# Engine and oracle throughput, state sizes, and proof that no engine object refers to an allocator.
bench: $(BUILD)/rulefuzz
	$(BUILD)/rulefuzz bench
	@heap=$$(nm -u $(ENGINE_SRC:%.c=$(BUILD)/obj/%.o) | grep -wE 'malloc|calloc|realloc|free|aligned_alloc|posix_memalign' || true); \
	if [ -n "$$heap" ]; then echo "engine heap use: FOUND $$heap"; exit 1; \
	else echo "engine heap use: none (no allocator symbol in $(notdir $(ENGINE_SRC:%.c=%.o)))"; fi

clean:
	rm -rf $(BUILD)
