# bnb: see README.md. Targets: all test check bench scale install clean.
CC      ?= cc
OPT     ?= -O2
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Werror
CPPFLAGS = -Iinclude -Isimplex -Imodel -Imip -Ipuzzles -Ipuzzles/gen -Icli
# Each layer sees its own headers and those of the layers below it only,
# so an include that reaches upward does not compile.
INC_simplex = -Isimplex
INC_model   = -Iinclude -Imodel
INC_mip     = -Iinclude -Isimplex -Imodel -Imip
INC_puzzles = -Iinclude -Imodel -Ipuzzles -Ipuzzles/gen
CFLAGS   = $(CSTD) $(WARN) $(OPT) $(EXTRA_CFLAGS)
LDLIBS   = -lm
PREFIX  ?= /usr/local
BUILD   ?= build

LIB_SRC  = $(wildcard simplex/*.c model/*.c mip/*.c puzzles/*.c puzzles/gen/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/unit/test_*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TESTS    = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
CHECK_SRC = $(wildcard tests/checkers/*.c)
HEADERS  = $(wildcard include/*.h simplex/*.h model/*.h mip/*.h puzzles/*.h puzzles/gen/*.h cli/*.h)

.PHONY: all test unit e2e check bench scale fuzz install clean

all: bnb $(BUILD)/libbnb.a

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/simplex/%.o: CPPFLAGS = $(INC_simplex)
$(BUILD)/model/%.o:   CPPFLAGS = $(INC_model)
$(BUILD)/mip/%.o:     CPPFLAGS = $(INC_mip)
$(BUILD)/puzzles/%.o: CPPFLAGS = $(INC_puzzles)

# The viewer's page (cli/html.c) inlines cli/viewer.css and cli/viewer.js,
# the sources that are edited, as C strings made here with sed.
VIEWER_H = $(BUILD)/gen/viewer_assets.h
$(VIEWER_H): cli/viewer.css cli/viewer.js
	@mkdir -p $(dir $@)
	{ for f in css js; do echo "static const char viewer_$$f[] ="; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' \
	      -e 's/^/"/' -e 's/$$/\\n"/' cli/viewer.$$f; echo ";"; done; } >$@
$(BUILD)/cli/html.o: $(VIEWER_H)
$(BUILD)/cli/html.o: CPPFLAGS += -I$(BUILD)/gen

$(BUILD)/libbnb.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/bnb: $(CLI_OBJ) $(BUILD)/libbnb.a
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

bnb: $(BUILD)/bnb
	cp $< $@

# bnb with every allocation passing through tests/fault/fault_alloc.c,
# which can make the k-th one fail (tests/e2e/t_fault.sh).
FAULT_WRAP = -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
$(BUILD)/bnb-fault: $(CLI_OBJ) $(BUILD)/libbnb.a tests/fault/fault_alloc.c
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(FAULT_WRAP) $(LDLIBS)

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libbnb.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< $(BUILD)/libbnb.a -o $@ \
	    $(LDFLAGS) -lcmocka $(LDLIBS)

unit: $(TESTS)
	@set -e; for t in $(TESTS); do echo "== $$t"; $$t; done

# The tests' rules checker: one file per kind, kinds and keys from the
# registry (so it links the library for pz_kind_find only).
$(BUILD)/check_puzzle: $(CHECK_SRC) tests/checkers/check.h $(BUILD)/libbnb.a $(HEADERS)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(CHECK_SRC) $(BUILD)/libbnb.a -o $@ \
	    $(LDFLAGS) $(LDLIBS)

# tests/unit/prop_chain.c prints propagation's refutations for
# tests/e2e/t_propagation.sh to replay exactly (a tool, not a unit test).
e2e: $(BUILD)/bnb $(BUILD)/bnb-fault $(BUILD)/check_puzzle $(BUILD)/tests/prop_chain
	@BNB=$(BUILD)/bnb BNB_FAULT=$(BUILD)/bnb-fault CHECK=$(BUILD)/check_puzzle \
	    PROP_CHAIN=$(BUILD)/tests/prop_chain sh tests/e2e/run.sh

test: unit e2e

# ASan + UBSan over the whole test suite, in a build tree of its own.
check:
	$(MAKE) BUILD=build-san OPT="-O1 -g" \
	    EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" PZ_TIMEOUT=300 MODEL_TIMEOUT=1500 MODEL_LIMIT=1000 NO_VALGRIND=1 BNB_VIEWER_BIG=0 unit e2e

# libFuzzer harnesses (tests/fuzz/), FUZZ_SECONDS each; needs clang.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

bench: $(BUILD)/bnb
	sh tests/bench.sh $(BUILD)/bnb

# Sizes beyond the examples, bnb against glpsol and cbc (tests/scale.sh;
# SCALE_RUNS, SCALE_LIMIT, SCALE_QUICK=1, SCALE_KINDS).
scale: $(BUILD)/bnb
	sh tests/scale.sh $(BUILD)/bnb

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BUILD)/bnb $(DESTDIR)$(PREFIX)/bin/bnb
	install -m 644 $(BUILD)/libbnb.a $(DESTDIR)$(PREFIX)/lib/libbnb.a
	install -m 644 include/bnb.h $(DESTDIR)$(PREFIX)/include/bnb.h
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 644 bnb.1 $(DESTDIR)$(PREFIX)/share/man/man1/bnb.1
	install -m 644 completion/bnb.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/bnb

clean:
	rm -rf build build-san build-fuzz bnb
