# bnb: see README.md. Targets: all test check bench install clean.
CC      ?= cc
OPT     ?= -O2
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN     = -Wall -Wextra -Werror
CPPFLAGS = -Iinclude -Isimplex -Imodel -Imip -Ipuzzles -Icli
CFLAGS   = $(CSTD) $(WARN) $(OPT) $(EXTRA_CFLAGS)
LDLIBS   = -lm
PREFIX  ?= /usr/local
BUILD   ?= build

LIB_SRC  = $(wildcard simplex/*.c model/*.c mip/*.c puzzles/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/unit/test_*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TESTS    = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
HEADERS  = $(wildcard include/*.h simplex/*.h model/*.h mip/*.h puzzles/*.h cli/*.h)

.PHONY: all test unit e2e check bench fuzz install clean

all: bnb $(BUILD)/libbnb.a

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

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

e2e: $(BUILD)/bnb $(BUILD)/bnb-fault
	@BNB=$(BUILD)/bnb BNB_FAULT=$(BUILD)/bnb-fault sh tests/e2e/run.sh

test: unit e2e

# ASan + UBSan over the whole test suite, in a build tree of its own.
check:
	$(MAKE) BUILD=build-san OPT="-O1 -g" \
	    EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" PZ_TIMEOUT=300 MODEL_TIMEOUT=1500 NO_VALGRIND=1 unit e2e

# libFuzzer harnesses (tests/fuzz/), FUZZ_SECONDS each; needs clang.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

bench: $(BUILD)/bnb
	sh tests/bench.sh $(BUILD)/bnb

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	install -m 755 $(BUILD)/bnb $(DESTDIR)$(PREFIX)/bin/bnb
	install -m 644 $(BUILD)/libbnb.a $(DESTDIR)$(PREFIX)/lib/libbnb.a
	install -m 644 include/bnb.h $(DESTDIR)$(PREFIX)/include/bnb.h

clean:
	rm -rf build build-san build-fuzz bnb
