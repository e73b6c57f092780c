# bnb: see README.md. Targets: all test check bench scale docs install
# uninstall clean.
CC      ?= cc
OPT     ?= -O2
CSTD     = -std=c11 -D_POSIX_C_SOURCE=200809L
# Warnings are errors for the tests (make test, check, fuzz: the
# developers' and CI's builds), not for a user's make && make install
# with another compiler.
WERROR  ?=
WARN     = -Wall -Wextra $(WERROR)
# mip/ is the branch-and-bound core; the techniques that strengthen it
# live in folders of their own under it.
MIP_TECH = mip/cuts mip/heur mip/presolve mip/sym
CPPFLAGS = -Iinclude -Isimplex -Imodel -Imip $(MIP_TECH:%=-I%) -Ipuzzles \
    -Ipuzzles/gen -Icli
# Each layer sees its own headers and those of the layers below it only,
# so an include that reaches upward does not compile. The core sees its
# techniques' headers (it calls them); a technique sees the core's and
# its own only, and the heuristics also propagation's (their dives
# propagate each fix).
INC_simplex = -Isimplex
INC_model   = -Iinclude -Imodel
INC_mip_core = -Iinclude -Isimplex -Imodel -Imip
INC_mip     = $(INC_mip_core) $(MIP_TECH:%=-I%)
INC_puzzles = -Iinclude -Imodel -Ipuzzles -Ipuzzles/gen
# The program sees the public headers only (and its own).
INC_cli     = -Iinclude -Icli
# Hidden by default: only what include/bnb.h and bnb_puzzle.h declare is
# exported from the shared library (and global in the installed archive).
# assert()s on the invariants of the factors, the trail and the heap:
# compiled out (-DNDEBUG) but in make check.
ASSERTS ?= -DNDEBUG
CFLAGS   = $(CSTD) $(WARN) $(OPT) $(ASSERTS) -fvisibility=hidden $(EXTRA_CFLAGS)
LDLIBS   = -lm
PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
LIBDIR  ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR  ?= $(PREFIX)/share/man
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
SOVERSION = 0
VERSION = $(shell sed -n 's/^\#define BNB_VERSION "\(.*\)"/\1/p' include/bnb.h)
BUILD   ?= build

LIB_SRC  = $(wildcard simplex/*.c model/*.c mip/*.c mip/*/*.c puzzles/*.c \
    puzzles/gen/*.c)
CLI_SRC  = $(wildcard cli/*.c)
TEST_SRC = $(wildcard tests/unit/test_*.c)
LIB_OBJ  = $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  = $(CLI_SRC:%.c=$(BUILD)/%.o)
TESTS    = $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
CHECK_SRC = $(wildcard tests/checkers/*.c)
HEADERS  = $(wildcard include/*.h simplex/*.h model/*.h mip/*.h mip/*/*.h \
    puzzles/*.h puzzles/gen/*.h cli/*.h)

.PHONY: all lib static web test unit e2e check bench scale fuzz docs install uninstall clean

all: bnb lib

test unit e2e fuzz: WERROR = -Werror

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/simplex/%.o: CPPFLAGS = $(INC_simplex)
$(BUILD)/model/%.o:   CPPFLAGS = $(INC_model)
$(BUILD)/mip/%.o:     CPPFLAGS = $(INC_mip)
$(BUILD)/mip/cuts/%.o:     CPPFLAGS = $(INC_mip_core) -Imip/cuts
$(BUILD)/mip/heur/%.o:     CPPFLAGS = $(INC_mip_core) -Imip/heur -Imip/presolve
$(BUILD)/mip/presolve/%.o: CPPFLAGS = $(INC_mip_core) -Imip/presolve
$(BUILD)/mip/sym/%.o:      CPPFLAGS = $(INC_mip_core) -Imip/sym
$(BUILD)/puzzles/%.o: CPPFLAGS = $(INC_puzzles)
$(BUILD)/cli/%.o:     CPPFLAGS = $(INC_cli)
$(BUILD)/web/%.o:     CPPFLAGS = $(INC_cli)

# The viewer's page (cli/html.c) inlines cli/viewer.css and cli/viewer.js,
# the sources that are edited, as C strings made here with sed.
VIEWER_H = $(BUILD)/gen/viewer_assets.h
$(VIEWER_H): cli/viewer.css cli/viewer.js
	@mkdir -p $(dir $@)
	{ for f in css js; do echo "static const char viewer_$$f[] ="; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' \
	      -e 's/^/"/' -e 's/$$/\\n"/' cli/viewer.$$f; echo ";"; done; } >$@
$(BUILD)/cli/html.o: $(VIEWER_H)
$(BUILD)/cli/html.o: CPPFLAGS = $(INC_cli) -I$(BUILD)/gen

$(BUILD)/libbnb.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The libraries a user links: the shared library (position-independent
# objects of their own) and an archive of one object in which every
# name the headers do not declare is local, so a program's own
# cut_select() cannot clash with the library's.
PIC_OBJ = $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
SHARED  = $(BUILD)/libbnb.so.$(VERSION)
$(BUILD)/pic/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fPIC -c $< -o $@
$(BUILD)/pic/simplex/%.o: CPPFLAGS = $(INC_simplex)
$(BUILD)/pic/model/%.o:   CPPFLAGS = $(INC_model)
$(BUILD)/pic/mip/%.o:     CPPFLAGS = $(INC_mip)
$(BUILD)/pic/mip/cuts/%.o:     CPPFLAGS = $(INC_mip_core) -Imip/cuts
$(BUILD)/pic/mip/heur/%.o:     CPPFLAGS = $(INC_mip_core) -Imip/heur -Imip/presolve
$(BUILD)/pic/mip/presolve/%.o: CPPFLAGS = $(INC_mip_core) -Imip/presolve
$(BUILD)/pic/mip/sym/%.o:      CPPFLAGS = $(INC_mip_core) -Imip/sym
$(BUILD)/pic/puzzles/%.o: CPPFLAGS = $(INC_puzzles)

$(SHARED): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,libbnb.so.$(SOVERSION) $^ -o $@ $(LDFLAGS) $(LDLIBS)

$(BUILD)/dist/libbnb.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	ld -r $^ -o $(BUILD)/dist/bnb.o
	objcopy --localize-hidden $(BUILD)/dist/bnb.o
	rm -f $@
	ar rcs $@ $(BUILD)/dist/bnb.o

lib: $(BUILD)/libbnb.a $(SHARED) $(BUILD)/dist/libbnb.a

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
# tests/e2e/t_propagation.sh to replay exactly (a tool, not a unit test);
# tests/e2e/t_python.sh loads the shared library.
e2e: $(BUILD)/bnb $(BUILD)/bnb-fault $(BUILD)/check_puzzle $(BUILD)/tests/prop_chain $(SHARED)
	@BNB=$(BUILD)/bnb BNB_FAULT=$(BUILD)/bnb-fault CHECK=$(BUILD)/check_puzzle \
	    PROP_CHAIN=$(BUILD)/tests/prop_chain BNB_ASSERTS="$(ASSERTS)" \
	    sh tests/e2e/run.sh

test: unit e2e

# ASan + UBSan over the whole test suite, in a build tree of its own.
check:
	$(MAKE) BUILD=build-san OPT="-O1 -g" ASSERTS= WERROR=-Werror \
	    EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
	    LDFLAGS="-fsanitize=address,undefined" PZ_TIMEOUT=300 MODEL_TIMEOUT=1500 MODEL_LIMIT=1000 NO_VALGRIND=1 BNB_VIEWER_BIG=0 unit e2e

# A static program for machines with nothing installed, linked against
# musl (Debian's musl-tools), in a build tree of its own: ./bnb-static.
MUSL_CC ?= musl-gcc
static:
	@command -v $(MUSL_CC) >/dev/null || { echo "make static needs $(MUSL_CC) (apt-get install musl-tools)"; exit 2; }
	$(MAKE) BUILD=build-static CC=$(MUSL_CC) LDFLAGS=-static build-static/bnb
	cp build-static/bnb bnb-static

# The browser page (make web, with Debian's emscripten): the same sources
# compiled to WebAssembly, web/spawn.c standing in for cli/spawn.c (no
# other program can be started there), assembled by web/make_page.py
# into one self-contained build-web/bnb.html. The module (bnb.wasm) is
# kept apart from its JavaScript so that the page compiles it once and
# gives the compiled module to each solve's worker. WEB_OPT: -O3 with
# link-time optimization is about a fifth faster than -O2 in the
# browser; SIMD (-msimd128) gains nothing measurable and would shut
# out older browsers.
EMCC ?= emcc
WEB_OPT ?= -O3 -flto
WEB_FLAGS = -sMODULARIZE=1 -sEXPORT_NAME=createBnb -sINVOKE_RUN=0 \
    -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2gb \
    -sEXPORTED_RUNTIME_METHODS=callMain,FS -sENVIRONMENT=web,worker,node
WEB_OBJ = $(filter-out $(BUILD)/cli/spawn.o,$(CLI_OBJ)) $(BUILD)/web/spawn.o
web:
	@if command -v $(EMCC) >/dev/null; then \
	    $(MAKE) BUILD=build-web CC=$(EMCC) OPT="$(WEB_OPT)" build-web/bnb.html; \
	else echo "make web: skipped, emscripten is not installed (apt-get install emscripten)"; fi
$(BUILD)/bnb.js: $(WEB_OBJ) $(BUILD)/libbnb.a
	$(CC) $(OPT) $^ -o $@ $(WEB_FLAGS) $(LDLIBS)
$(BUILD)/bnb.html: $(BUILD)/bnb.js web/page.html web/page.js web/worker.js web/make_page.py cli/viewer.js cli/viewer.css
	python3 web/make_page.py $(BUILD)/bnb.js $(BUILD)/bnb.wasm $@

# libFuzzer harnesses (tests/fuzz/), FUZZ_SECONDS each; needs clang.
FUZZ_SECONDS ?= 60
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh

# The pictures and viewer pages docs/ shows, made by the program itself;
# t_docs.sh fails when they are not what this bnb makes.
DOCS_PICTURES = docs/kakuro.dot docs/kakuro.svg docs/thermometer.dot \
    docs/thermometer.svg docs/viewer-kakuro.html docs/viewer-starbattle.html
docs: $(BUILD)/bnb
	BNB=$(BUILD)/bnb sh tests/docs_make.sh docs

# make bench PERMUTE=K: the MIPLIB models under K orders of their
# columns and rows (performance variability) instead of the whole table.
bench: $(BUILD)/bnb
	sh tests/bench.sh $(if $(PERMUTE),--permute $(PERMUTE)) $(BUILD)/bnb

# Sizes beyond the examples, bnb against glpsol and cbc (tests/scale.sh;
# SCALE_RUNS, SCALE_LIMIT, SCALE_QUICK=1, SCALE_KINDS).
scale: $(BUILD)/bnb
	sh tests/scale.sh $(BUILD)/bnb

install: $(BUILD)/bnb lib
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(COMPLETIONDIR)
	install -m 755 $(BUILD)/bnb $(DESTDIR)$(BINDIR)/bnb
	install -m 644 $(BUILD)/dist/libbnb.a $(DESTDIR)$(LIBDIR)/libbnb.a
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/libbnb.so.$(VERSION)
	ln -sf libbnb.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libbnb.so.$(SOVERSION)
	ln -sf libbnb.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libbnb.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    bnb.pc.in >$(DESTDIR)$(LIBDIR)/pkgconfig/bnb.pc
	install -m 644 include/bnb.h include/bnb_puzzle.h $(DESTDIR)$(INCLUDEDIR)
	install -m 644 bnb.1 $(DESTDIR)$(MANDIR)/man1/bnb.1
	install -m 644 completion/bnb.bash $(DESTDIR)$(COMPLETIONDIR)/bnb

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/bnb $(DESTDIR)$(LIBDIR)/libbnb.a \
	    $(DESTDIR)$(LIBDIR)/libbnb.so $(DESTDIR)$(LIBDIR)/libbnb.so.$(SOVERSION) \
	    $(DESTDIR)$(LIBDIR)/libbnb.so.$(VERSION) $(DESTDIR)$(LIBDIR)/pkgconfig/bnb.pc \
	    $(DESTDIR)$(INCLUDEDIR)/bnb.h $(DESTDIR)$(INCLUDEDIR)/bnb_puzzle.h \
	    $(DESTDIR)$(MANDIR)/man1/bnb.1 $(DESTDIR)$(COMPLETIONDIR)/bnb

clean:
	rm -rf build build-san build-fuzz build-static build-web bnb bnb-static
