# fairshare toolkit: small C programs that replace sshare.
#
#   make                 build bin/fs-*
#   make check           unit and golden tests (TAP, through prove); the
#                        other Slurm releases (tests/releases.t, in chroots
#                        with their own network) run beside the rest, which
#                        runs one file at a time
#   make check SANITIZE=address,undefined
#                        the same suite built with sanitizers (in build/san)
#   make check-quick     the checks a package build runs (seconds)
#   make install PREFIX=/usr/local DESTDIR=  (or BINDIR, DATADIR, MANDIR,
#                        COMPLETIONDIR, SYSTEMDUNITDIR one by one)
#   make dist            fs-toolkit-VERSION.tar.gz, the release's tarball
#
# The program list below is the single source of truth: adding a program is
# one word here and one directory under tools/.

PROGS = fs-tree fs-rank fs-decay fs-explain fs-report fs-prio

# The release, in one place: the file VERSION. It reaches every program's
# --version (err.c's FS_VERSION), the installed man pages' footer (.Os),
# the tarball's name (make dist); debian/changelog, fs-toolkit.spec and
# NEWS name it too, which tests/version.t checks.
VERSION := $(shell cat VERSION)

# Where 'make install' puts things: PREFIX, or each directory on its own
# (the RPM spec gives rpm's %{_bindir}, %{_datadir} and %{_mandir}).
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR ?= $(DATADIR)/man
COMPLETIONDIR ?= $(DATADIR)/bash-completion/completions
SYSTEMDUNITDIR ?= $(PREFIX)/lib/systemd/system
DESTDIR ?=
CC ?= cc
CFLAGS ?= -O2 -g
LDFLAGS ?=
WERROR ?=
SANITIZE ?=

# libslurm gives fs-tree and fs-prio their live mode (lib/io/live.c); readline
# gives fs-explain its prompt; json-c gives fs-tree --sshare the output of
# 'sshare --json' (lib/io/sshare_json.c); libcurl (with json-c) gives fs-tree
# --rest, slurmrestd (lib/io/rest.c). Without them the rest still builds.
# libslurm is looked for, in order: under SLURM_PREFIX (headers in
# PREFIX/include, the library in PREFIX/lib64 or PREFIX/lib, found again at
# run time through an rpath), through pkg-config's 'slurm', then in the
# compiler's own paths with CPPFLAGS and CFLAGS (Debian's libslurm-dev).
# SLURM_SYSCONFDIR is where that libslurm reads slurm.conf when SLURM_CONF is
# unset (its configure's --sysconfdir): PREFIX/etc under a SLURM_PREFIX, as
# a source build has it, else /etc/slurm, as Debian's packages and
# SchedMD's RPMs have it (whose spec takes it as _slurm_sysconfdir).
# An rpath is given only to a directory the dynamic linker does not search
# anyway: SchedMD's slurm.pc names /usr/lib64, and a package's rpath check
# (rpmbuild's check-rpaths, lintian) refuses an rpath to a system directory.
SLURM_PREFIX ?=
SLURM_SYSCONFDIR ?= $(if $(SLURM_PREFIX),$(SLURM_PREFIX)/etc)
PKG_CONFIG ?= pkg-config
SYSTEM_LIBDIRS := /lib /lib64 /usr/lib /usr/lib64 \
	$(addprefix /usr/lib/,$(shell $(CC) -print-multiarch 2>/dev/null))
comma := ,
slurm_rpath = $(if $(filter-out $(SYSTEM_LIBDIRS),$(1)),-Wl$(comma)-rpath$(comma)$(1))
ifneq ($(SLURM_PREFIX),)
  ifeq ($(wildcard $(SLURM_PREFIX)/include/slurm/slurm.h),)
    $(error SLURM_PREFIX=$(SLURM_PREFIX): no include/slurm/slurm.h there)
  endif
  SLURM_LIBDIR := $(patsubst %/,%,$(dir $(firstword $(wildcard \
	$(SLURM_PREFIX)/lib64/libslurm.so $(SLURM_PREFIX)/lib/libslurm.so) \
	$(SLURM_PREFIX)/lib/libslurm.so)))
  SLURM_CFLAGS := -I$(SLURM_PREFIX)/include
  SLURM_LIBS := -L$(SLURM_LIBDIR) $(call slurm_rpath,$(SLURM_LIBDIR)) -lslurm
else ifeq ($(shell $(PKG_CONFIG) --exists slurm 2>/dev/null && echo 1),1)
  SLURM_LIBDIR := $(shell $(PKG_CONFIG) --variable=libdir slurm)
  SLURM_CFLAGS := $(shell $(PKG_CONFIG) --cflags slurm)
  SLURM_LIBS := $(shell $(PKG_CONFIG) --libs slurm) \
	$(call slurm_rpath,$(SLURM_LIBDIR))
else
  SLURM_LIBS := -lslurm
endif
HAVE_SLURM := $(shell printf '\#include <slurm/slurm.h>\n' | $(CC) $(CPPFLAGS) $(CFLAGS) $(SLURM_CFLAGS) -E - >/dev/null 2>&1 && echo 1)
HAVE_JSONC := $(shell printf '\#include <json-c/json.h>\n' | $(CC) $(CPPFLAGS) $(CFLAGS) -E - >/dev/null 2>&1 && echo 1)
HAVE_CURL := $(shell printf '\#include <curl/curl.h>\n' | $(CC) $(CPPFLAGS) $(CFLAGS) -E - >/dev/null 2>&1 && echo 1)
HAVE_READLINE := $(shell printf '\#include <stdio.h>\n\#include <readline/readline.h>\n' | $(CC) $(CPPFLAGS) $(CFLAGS) -E - >/dev/null 2>&1 && echo 1)

# BUILD and BIN may be given, to build a second tree beside the first.
ifeq ($(SANITIZE),)
  BUILD ?= build
  BIN ?= bin
else
  BUILD ?= build/san
  BIN ?= build/san/bin
  SANFLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
endif

ALL_CFLAGS = -std=gnu11 -pthread -Wall -Wextra $(if $(WERROR),-Werror) $(CPPFLAGS) $(CFLAGS) $(SANFLAGS) -Ilib
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS)
# json-c is reached through fs_sshare_import, which every program's library
# holds: linked wherever libfs.a is.
LIBS = -lm -pthread $(if $(HAVE_JSONC),-ljson-c)

# lib/ in layers, each including only those below it (tests/layers.t):
# core/ (C, POSIX, threads), model/ (the tree and Slurm's arithmetic), io/
# (outside formats and libslurm); fs.h is the programs' umbrella.
LIB_HDR = $(wildcard lib/*.h lib/*/*.h)
LIB_SRC = $(wildcard lib/*/*.c)
LIB_OBJ = $(patsubst lib/%.c,$(BUILD)/lib/%.o,$(LIB_SRC))
LIBFS = $(BUILD)/libfs.a

# Per-program libraries; lib/io/live.c is the only file that includes Slurm's
# headers.
lib/io/live_CFLAGS = $(if $(HAVE_SLURM),-DHAVE_LIBSLURM $(SLURM_CFLAGS) \
	$(if $(SLURM_SYSCONFDIR),-DFS_SLURM_DEFAULT_CONF='"$(SLURM_SYSCONFDIR)/slurm.conf"'))
lib/core/err_CFLAGS = -DFS_VERSION='"$(VERSION)"'
lib/io/sshare_json_CFLAGS = $(if $(HAVE_JSONC),-DHAVE_JSONC)
lib/io/rest_CFLAGS = $(if $(HAVE_JSONC),-DHAVE_JSONC) $(if $(HAVE_CURL),-DHAVE_CURL)
fs-tree_LIBS = $(if $(HAVE_SLURM),$(SLURM_LIBS)) $(if $(HAVE_CURL),-lcurl)
fs-prio_LIBS = $(if $(HAVE_SLURM),$(SLURM_LIBS))
fs-explain_CFLAGS = $(if $(HAVE_READLINE),-DHAVE_READLINE)
fs-explain_LIBS = $(if $(HAVE_READLINE),-lreadline)

UNIT_SRC = $(wildcard tests/unit/*.c)
UNIT_BIN = $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

# Scale and robustness (see the targets bench, fuzz, check-valgrind below).
GENTREE = $(BUILD)/gen/gentree
FUZZ_NAMES = tsv rank sshare prioconf jobs names time numbers
REPLAY_BIN = $(patsubst %,$(BUILD)/fuzz/replay-%,$(FUZZ_NAMES))
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -std=gnu11 -g -O1 -Ilib $(FUZZ_SAN) $(lib/core/err_CFLAGS)
VALGRIND = valgrind -q --error-exitcode=99 --leak-check=full \
	--show-leak-kinds=definite --errors-for-leak-kinds=definite

MAN1 = $(wildcard tools/*/*.1)
MAN5 = $(wildcard man/*.5)
# An installed page's footer names the release (the sources' bare .Os
# leaves it to the formatter).
MAN_OS = sed -e 's/^\.Os$$/.Os "fairshare toolkit" $(VERSION)/'
# The cli_filter script and its snapshot command learn where they are.
DATA_SED = sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@DATADIR@|$(DATADIR)/fs-toolkit|g'

all: $(addprefix $(BIN)/,$(PROGS))

$(BUILD)/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(lib/$*_CFLAGS) -c -o $@ $<

$(BUILD)/lib/core/err.o build/fuzz/lib/core/err.o: VERSION

$(LIBFS): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJ)

$(BUILD)/tools/%.o: tools/%.c $(LIB_HDR) $(wildcard tools/*/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $($(notdir $(*D))_CFLAGS) -c -o $@ $<

define PROG_template
$(BIN)/$(1): $(BUILD)/tools/$(1)/$(1).o $$($(1)_OBJ) $(LIBFS)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_LDFLAGS) -o $$@ $$^ $$($(1)_LIBS) $$(LIBS)
endef
$(foreach p,$(PROGS),$(eval $(call PROG_template,$(p))))

$(BUILD)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIBFS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit $(ALL_LDFLAGS) -o $@ $< $(LIBFS) $(LIBS)

check: all $(UNIT_BIN) $(REPLAY_BIN) $(GENTREE)
	FS_BIN=$(abspath $(BIN)) FS_BUILD=$(abspath $(BUILD)) prove -f -j2 \
		--rules='par=tests/releases.t' --rules='seq=**' tests/*.t

# The checks quick enough for a package build (debian/rules, the RPM spec's
# %check) and for the tarball's own test (tests/dist.t): every example in the
# README and the man pages, one meaning per option letter, one release
# everywhere. Seconds, no daemons, no root; 'make check' is the whole suite.
CHECK_QUICK = tests/readme.t tests/man-examples.t tests/options.t tests/version.t
check-quick: all
	FS_BIN=$(abspath $(BIN)) FS_BUILD=$(abspath $(BUILD)) prove $(CHECK_QUICK)

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(COMPLETIONDIR) \
		$(DESTDIR)$(DATADIR)/fs-toolkit
	install -m 755 $(addprefix $(BIN)/,$(PROGS)) $(DESTDIR)$(BINDIR)
	for f in $(MAN1) $(MAN5); do \
		d=$(DESTDIR)$(MANDIR)/man$${f##*.}/$${f##*/}; \
		$(MAN_OS) $$f >$$d && chmod 644 $$d || exit 1; \
	done
	install -m 644 contrib/fs-toolkit.bash $(DESTDIR)$(COMPLETIONDIR)/fs-toolkit
	for p in $(PROGS); do \
		ln -sf fs-toolkit $(DESTDIR)$(COMPLETIONDIR)/$$p || exit 1; \
	done
	$(DATA_SED) contrib/cli_filter.lua \
		>$(DESTDIR)$(DATADIR)/fs-toolkit/cli_filter.lua
	chmod 644 $(DESTDIR)$(DATADIR)/fs-toolkit/cli_filter.lua
	$(DATA_SED) contrib/fs-cli-filter-snapshot \
		>$(DESTDIR)$(DATADIR)/fs-toolkit/fs-cli-filter-snapshot
	chmod 755 $(DESTDIR)$(DATADIR)/fs-toolkit/fs-cli-filter-snapshot
	install -d $(DESTDIR)$(SYSTEMDUNITDIR)
	$(DATA_SED) contrib/fs-cli-filter-snapshot.service \
		>$(DESTDIR)$(SYSTEMDUNITDIR)/fs-cli-filter-snapshot.service
	chmod 644 $(DESTDIR)$(SYSTEMDUNITDIR)/fs-cli-filter-snapshot.service
	install -m 644 contrib/fs-cli-filter-snapshot.timer $(DESTDIR)$(SYSTEMDUNITDIR)
	install -d $(DESTDIR)$(DATADIR)/fs-toolkit/examples
	install -m 644 contrib/examples/cluster.conf contrib/examples/jobs.tsv \
		contrib/examples/tree.tsv $(DESTDIR)$(DATADIR)/fs-toolkit/examples

clean:
	rm -rf build bin

# The release's tarball, DIST_DIR/fs-toolkit-VERSION.tar.gz: the files git
# tracks, as the work tree has them, under fs-toolkit-VERSION/. The same
# files give the same bytes (names sorted, owner root, every time the last
# commit's, gzip -n). It builds on its own (tests/dist.t); debian/ and
# fs-toolkit.spec inside build the packages (rpmbuild -ta takes it as is).
DIST_NAME = fs-toolkit-$(VERSION)
DIST_DIR ?= .
dist:
	@git rev-parse --is-inside-work-tree >/dev/null 2>&1 || { \
		echo "make dist: not a git checkout (the tarball holds the files git tracks)" >&2; \
		exit 1; }
	git ls-files -z | tar --null -T - -cf $(DIST_DIR)/$(DIST_NAME).tar.tmp \
		--sort=name --transform='s|^|$(DIST_NAME)/|SH' --owner=0 \
		--group=0 --numeric-owner --mode=a+rX,u+w,go-w \
		--mtime=@$$(git log -1 --format=%ct) || \
		{ rm -f $(DIST_DIR)/$(DIST_NAME).tar.tmp; exit 1; }
	gzip -9n <$(DIST_DIR)/$(DIST_NAME).tar.tmp >$(DIST_DIR)/$(DIST_NAME).tar.gz.tmp
	rm $(DIST_DIR)/$(DIST_NAME).tar.tmp
	mv $(DIST_DIR)/$(DIST_NAME).tar.gz.tmp $(DIST_DIR)/$(DIST_NAME).tar.gz
	@echo "make dist: $(DIST_DIR)/$(DIST_NAME).tar.gz"

# What the build found: 'make config' (and the same variables as for make).
config:
	@echo "libslurm:  $(if $(HAVE_SLURM),yes,no) $(strip $(SLURM_CFLAGS) $(SLURM_LIBS))"
	@echo "slurm.conf: $(or $(SLURM_SYSCONFDIR),/etc/slurm)/slurm.conf without SLURM_CONF"
	@echo "readline:  $(if $(HAVE_READLINE),yes,no)"
	@echo "json-c:    $(if $(HAVE_JSONC),yes,no)"
	@echo "libcurl:   $(if $(HAVE_CURL),yes,no)"

.PHONY: all check check-quick install clean dist config

# Scale and robustness: the tree generator, benchmarks, fuzzing, valgrind.
#   make bench           tests/bench.sh at 10k, 100k and 1M associations
#   make bench-submit    tests/bench-submit.sh: the time the cli_filter hook
#                        adds to a real sbatch at 100,000 associations
#   make bench-live      tests/bench-live.sh: fs-tree | fs-rank -l -P against
#                        sshare on the host Slurm stack, 10k associations
#   make fuzz            build the libFuzzer targets (clang) and run each for
#                        FUZZ_SECONDS (default 60); FUZZ_SECONDS=0 builds only
#   make check-valgrind  the golden, fuzz-corpus and hostile-input tests with
#                        every program under valgrind (definite leaks and
#                        memory errors fail; "possibly lost" thread stacks
#                        of a program killed by SIGPIPE do not)
$(GENTREE): tests/gen/gentree.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $<

$(BUILD)/fuzz/replay-%: tests/fuzz/fuzz-%.c tests/fuzz/replay.c tests/unit/numcheck.h $(LIBFS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tests/fuzz/fuzz-$*.c \
		tests/fuzz/replay.c $(LIBFS) $(LIBS)

build/fuzz/lib/%.o: lib/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(if $(filter io/sshare_json,$*),$(lib/io/sshare_json_CFLAGS)) -fsanitize=fuzzer-no-link -c -o $@ $<

build/fuzz/fuzz-%: tests/fuzz/fuzz-%.c tests/unit/numcheck.h $(patsubst lib/%.c,build/fuzz/lib/%.o,$(LIB_SRC))
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $(filter-out %.h,$^) $(LIBS)

.PRECIOUS: build/fuzz/lib/%.o

fuzz: $(patsubst %,build/fuzz/fuzz-%,$(FUZZ_NAMES))
	@set -e; if [ "$(FUZZ_SECONDS)" != 0 ]; then for n in $(FUZZ_NAMES); do \
		mkdir -p build/fuzz/found-$$n; \
		echo "fuzz-$$n: $(FUZZ_SECONDS) s"; \
		build/fuzz/fuzz-$$n -max_total_time=$(FUZZ_SECONDS) \
			-artifact_prefix=build/fuzz/ -print_final_stats=1 \
			build/fuzz/found-$$n tests/fuzz/corpus/$$n; \
	done; fi

bench: all $(GENTREE)
	FS_BIN=$(abspath $(BIN)) GENTREE=$(abspath $(GENTREE)) tests/bench.sh

bench-live: all
	FS_BIN=$(abspath $(BIN)) tests/bench-live.sh

bench-submit: all $(GENTREE)
	FS_BIN=$(abspath $(BIN)) GENTREE=$(abspath $(GENTREE)) tests/bench-submit.sh

check-valgrind: all $(REPLAY_BIN) $(GENTREE)
	FS_BIN=$(abspath $(BIN)) FS_BUILD=$(abspath $(BUILD)) \
		FS_WRAP='$(VALGRIND)' prove -f -j2 tests/hostile.t tests/golden.t \
		tests/fuzz-replay.t

.PHONY: fuzz bench bench-live bench-submit check-valgrind
