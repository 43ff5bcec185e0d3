/*
 * live.c: fs-tree's live source. Reads the association tree, with the usage
 * and fair-share values the controller last computed, from a running
 * slurmctld through libslurm's public API, and writes it as a TSV tree
 * (fs-tsv(5)).
 *
 * Two RPCs: slurm_load_ctl_conf() for the cluster name, the version and the
 * priority settings, and slurm_load_assoc_mgr_info() for the association
 * manager's records with their usage. The latter is the best public source:
 * usage_raw arrives as "%Lf" text (6 decimals) where sshare gets an integer,
 * and it is stable from 22.05 to 26.05 (SLURM-REFERENCE.md 7.2). The doubles
 * shares_norm and fs_factor travel as the IEEE bits of v*1e6, divided by 1e6
 * on arrival, exactly as sshare receives them.
 *
 * The tree is rebuilt from id/parent_id, and written depth first from the
 * root; at each level the users first (by user name, then partition), then
 * the sub-accounts (by name), with strcmp(). Everything is written to a
 * memory buffer first, so nothing reaches the output unless the whole tree
 * could be had.
 *
 * libslurm logs its errors to standard error (and some of them are the only
 * place the real cause is said, e.g. munge's). While it works, stderr is
 * sent to a temporary file; on failure the relevant line is folded into the
 * one-line message, on success what it said is passed on to stderr.
 *
 * Time when slurmctld is down: libslurm retries the connection once a second
 * for MessageTimeout seconds (default 10) before it gives up, as every Slurm
 * client does; a missing slurm.conf is caught here before libslurm would
 * wait a minute for it and then exit.
 */
#define _GNU_SOURCE /* strcasestr */
#include "live.h"

#ifndef HAVE_LIBSLURM

int
fs_live_dump(const struct fs_live_opts *opts, FILE *out, char *err,
	     size_t errlen)
{
	(void)opts;
	(void)out;
	snprintf(err, errlen, "live mode was not built: install libslurm-dev "
		 "and rebuild with 'make'");
	return 1;
}

int
fs_live_available(void)
{
	return 0;
}

#else /* HAVE_LIBSLURM */

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>
#include <slurm/slurmdb.h>

#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(21, 8, 0)
#error "live mode needs libslurm 21.08 or newer (slurm_init)"
#endif

/* List types: List/ListIterator until 23.02 added list_t/list_itr_t;
 * ListIterator went in 24.05 and List in 24.11. */
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(23, 2, 0)
typedef list_t *fs_slist;
typedef list_itr_t *fs_slist_itr;
#else
typedef List fs_slist;
typedef ListIterator fs_slist_itr;
#endif

/* slurm_free_ctl_conf() became slurm_free_conf() in 26.05. */
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(26, 5, 0)
#define fs_free_ctl_conf slurm_free_conf
#else
#define fs_free_ctl_conf slurm_free_ctl_conf
#endif

/* Where libslurm looks when SLURM_CONF is unset (Debian's and upstream's
 * packaged default; a source build may use PREFIX/etc). */
#ifndef FS_SLURM_DEFAULT_CONF
#define FS_SLURM_DEFAULT_CONF "/etc/slurm/slurm.conf"
#endif
#define FS_SLURM_CACHED_CONF "/run/slurm/conf/slurm.conf"

/* Controller release from which slurmctld keeps the classic and
 * depth-oblivious fs_factor too (SLURM-REFERENCE.md 0.10). */
#define FS_CTLD_STORES_CLASSIC_FS SLURM_VERSION_NUM(25, 11, 0)

struct node {
	slurmdb_assoc_rec_t *rec;
	int parent;		/* index in nodes, -1 for the root */
	int *kids;		/* sorted: users, then accounts */
	int nkids;
	int keep;
};

struct tree {
	struct node *nodes;
	int n;
	int root;
	int *kid_pool;
};

/* What the rows need to know besides the association itself. */
struct dump_info {
	char **tres_names;
	uint32_t tres_cnt;
	int fairtree;			/* the controller runs Fair Tree */
	int ctld_keeps_classic_fs;	/* it stores classic/DO fs_factor */
};

struct ctx {
	char *err;
	size_t errlen;
	char where[600];	/* "SLURM_CONF=/path" for messages */
	char logline[512];	/* what libslurm said, if anything */
};

static void
fail(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->err, c->errlen, fmt, ap);
	va_end(ap);
}

/*
 * Find slurm.conf the way libslurm will, so that a missing file is a clean
 * message rather than a minute of retries followed by libslurm's fatal().
 * Configless sites are served through /run/slurm/conf or SLURM_CONF_SERVER;
 * DNS SRV lookups alone are not tried.
 */
static int
check_conf(struct ctx *c)
{
	const char *env = getenv("SLURM_CONF");

	if (env && *env) {
		snprintf(c->where, sizeof(c->where), "SLURM_CONF=%s", env);
		if (access(env, R_OK) != 0) {
			fail(c, "cannot read slurm.conf: SLURM_CONF=%s: %s; "
			     "point SLURM_CONF at the cluster's slurm.conf",
			     env, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (access(FS_SLURM_DEFAULT_CONF, F_OK) == 0) {
		snprintf(c->where, sizeof(c->where), "%s",
			 FS_SLURM_DEFAULT_CONF);
		if (access(FS_SLURM_DEFAULT_CONF, R_OK) != 0) {
			fail(c, "cannot read slurm.conf: %s: %s; point "
			     "SLURM_CONF at a readable copy",
			     FS_SLURM_DEFAULT_CONF, strerror(errno));
			return -1;
		}
		return 0;
	}
	if (access(FS_SLURM_CACHED_CONF, R_OK) == 0) {
		snprintf(c->where, sizeof(c->where), "%s",
			 FS_SLURM_CACHED_CONF);
		return 0;
	}
	if ((env = getenv("SLURM_CONF_SERVER")) && *env) {
		snprintf(c->where, sizeof(c->where), "SLURM_CONF_SERVER=%s",
			 env);
		return 0;
	}
	fail(c, "no slurm.conf: SLURM_CONF is not set and %s does not "
	     "exist; set SLURM_CONF to the cluster's slurm.conf",
	     FS_SLURM_DEFAULT_CONF);
	return -1;
}

/*
 * Standard error capture around libslurm calls. If anything fails here the
 * capture is simply not done.
 */
struct capture {
	int saved;
	FILE *tmp;
};

static void
capture_begin(struct capture *cap)
{
	cap->saved = -1;
	cap->tmp = NULL;
	fflush(stderr);
	if (!(cap->tmp = tmpfile()))
		return;
	if ((cap->saved = dup(STDERR_FILENO)) < 0 ||
	    dup2(fileno(cap->tmp), STDERR_FILENO) < 0) {
		if (cap->saved >= 0)
			close(cap->saved);
		cap->saved = -1;
		fclose(cap->tmp);
		cap->tmp = NULL;
	}
}

/*
 * Restore stderr. The most telling line libslurm logged goes to line (the
 * text after "error: "; a munge failure is preferred, being the cause of
 * the protocol errors logged around it). With pass_on, everything captured
 * is copied to the real stderr.
 */
static void
capture_end(struct capture *cap, char *line, size_t linelen, int pass_on)
{
	char buf[1024];
	int best = 0;

	if (line && linelen)
		line[0] = '\0';
	if (!cap->tmp)
		return;
	fflush(stderr);
	dup2(cap->saved, STDERR_FILENO);
	close(cap->saved);
	rewind(cap->tmp);
	while (fgets(buf, sizeof(buf), cap->tmp)) {
		char *p, *nl;
		int score;

		if (pass_on)
			fputs(buf, stderr);
		if ((nl = strchr(buf, '\n')))
			*nl = '\0';
		if (!(p = strstr(buf, "error: ")))
			continue;
		p += strlen("error: ");
		if (strstr(p, "If munged is up"))
			continue;
		score = strcasestr(p, "munge") ? 3 : 1;
		if (line && linelen && score > best) {
			snprintf(line, linelen, "%s", p);
			best = score;
		}
	}
	fclose(cap->tmp);
	cap->tmp = NULL;
}

/* A one-line message for a failed RPC, by the kind of error; what is
 * what was being loaded ("the configuration", "the associations"). */
static void
fail_rpc(struct ctx *c, const char *what, int rc)
{
	const char *msg = slurm_strerror(rc);
	char detail[600] = "";

	if (c->logline[0])
		snprintf(detail, sizeof(detail), " (%s)", c->logline);
	switch (rc) {
	case SLURM_PROTOCOL_AUTHENTICATION_ERROR:
	case ESLURM_AUTH_CRED_INVALID:
	case ESLURM_AUTH_BADARG:
	case ESLURM_AUTH_UNPACK:
		fail(c, "cannot authenticate to slurmctld: %s%s; is munged "
		     "running, with the cluster's key? check AuthType and "
		     "AuthInfo in %s", msg, detail, c->where);
		return;
	case ESLURM_ACCESS_DENIED:
	case ESLURM_USER_ID_MISSING:
		fail(c, "slurmctld denied %s: %s%s; run as root, SlurmUser "
		     "or a Slurm operator, or check PrivateData in %s", what,
		     msg, detail, c->where);
		return;
	case SLURMCTLD_COMMUNICATIONS_CONNECTION_ERROR:
	case SLURMCTLD_COMMUNICATIONS_SEND_ERROR:
	case SLURMCTLD_COMMUNICATIONS_RECEIVE_ERROR:
	case SLURMCTLD_COMMUNICATIONS_SHUTDOWN_ERROR:
	case SLURM_COMMUNICATIONS_CONNECTION_ERROR:
	case SLURM_COMMUNICATIONS_SEND_ERROR:
	case SLURM_COMMUNICATIONS_RECEIVE_ERROR:
	case SLURM_COMMUNICATIONS_SHUTDOWN_ERROR:
	case SLURM_PROTOCOL_SOCKET_IMPL_TIMEOUT:
	case SLURM_PROTOCOL_SOCKET_ZERO_BYTES_SENT:
		fail(c, "cannot reach slurmctld: %s%s; is slurmctld running? "
		     "check SlurmctldHost and SlurmctldPort in %s", msg,
		     detail, c->where);
		return;
	default:
		/* Slurm 22.05 answers a user who holds no association under
		 * PrivateData=usage with a reply its own client cannot
		 * unpack: name the likely cause. */
		if (getuid() != 0)
			fail(c, "cannot load %s from slurmctld: %s%s; if "
			     "slurm.conf sets PrivateData, run as root, SlurmUser "
			     "or a Slurm operator (%s)", what, msg, detail,
			     c->where);
		else
			fail(c, "cannot load %s from slurmctld: %s%s; check "
			     "that slurmctld runs the cluster of %s", what, msg,
			     detail, c->where);
	}
}

/* The PriorityFlags text as Slurm itself writes it, through the public
 * key-pair printer (config_key_pair_t is opaque). */
static char *
priority_flags_text(slurm_conf_t *conf)
{
	fs_slist pairs = slurm_ctl_conf_2_key_pairs(conf);
	char *text = NULL, *buf = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *f;

	if (!pairs)
		return strdup("");
	if ((f = open_memstream(&buf, &len))) {
		slurm_print_key_pairs(f, pairs, "");
		fclose(f);
	}
	slurm_list_destroy(pairs);
	for (line = buf ? strtok_r(buf, "\n", &save) : NULL; line && !text;
	     line = strtok_r(NULL, "\n", &save)) {
		char *eq;

		if (strncmp(line, "PriorityFlags", 13) ||
		    (line[13] != ' ' && line[13] != '='))
			continue;
		if (!(eq = strchr(line, '=')))
			continue;
		for (eq++; *eq == ' '; eq++)
			;
		text = strdup(strcmp(eq, "(null)") ? eq : "");
	}
	free(buf);
	return text ? text : strdup("");
}

static const char *
algorithm_name(uint16_t flags)
{
	if (flags & PRIORITY_FLAGS_DEPTH_OBLIVIOUS)
		return "depth-oblivious";
	if (!(flags & PRIORITY_FLAGS_FAIR_TREE))
		return "classic";
	return "fairtree";
}

/* "22.05.8" -> SLURM_VERSION_NUM(22,5,8); 0 if unreadable. */
static long
version_number(const char *v)
{
	unsigned a = 0, b = 0, m = 0;

	if (!v || sscanf(v, "%u.%u.%u", &a, &b, &m) < 2)
		return 0;
	return SLURM_VERSION_NUM((long)a, (long)b, (long)m);
}

/* sshare's rule for a value it leaves blank (print_fields.c). */
static int
unset_d(double v)
{
	return v == (double)NO_VAL64 || v == (double)INFINITE64 ||
	       v == (double)NO_VAL || v == (double)INFINITE;
}

static int
unset_ld(long double v)
{
	return v == (long double)NO_VAL64 || v == (long double)INFINITE64 ||
	       v == (long double)NO_VAL || v == (long double)INFINITE;
}

/* Round-trip numbers (fs-tsv(5)): 17 significant digits for a double, 21
 * for a long double; glibc writes infinity as "inf". */
static void
put_d(FILE *f, double v)
{
	if (!unset_d(v))
		fprintf(f, "%.17g", v);
}

static void
put_ld(FILE *f, long double v)
{
	if (!unset_ld(v))
		fprintf(f, "%.21Lg", v);
}

/* "name=value,..." in the controller's TRES order, INFINITE64 entries left
 * out: slurmdb_make_tres_string_from_arrays(TRES_STR_FLAG_REMOVE), as
 * sshare prints GrpTRESMins and TRESRunMins. div turns seconds into minutes. */
static void
put_tres(FILE *f, char **names, uint32_t n, const uint64_t *v, uint64_t div)
{
	int first = 1;
	uint32_t i;

	if (!names || !v)
		return;
	for (i = 0; i < n; i++) {
		if (v[i] == INFINITE64)
			continue;
		fprintf(f, "%s%s=%llu", first ? "" : ",",
			names[i] ? names[i] : "",
			(unsigned long long)(v[i] / div));
		first = 0;
	}
}

static const char *
str_or_empty(const char *s)
{
	return s ? s : "";
}

static struct tree *sort_tree;	/* for qsort's comparator */

static int
kid_cmp(const void *pa, const void *pb)
{
	const slurmdb_assoc_rec_t *a = sort_tree->nodes[*(const int *)pa].rec;
	const slurmdb_assoc_rec_t *b = sort_tree->nodes[*(const int *)pb].rec;
	int r;

	if (!a->user != !b->user)
		return a->user ? -1 : 1;
	if (a->user) {
		if ((r = strcmp(a->user, b->user)))
			return r;
		if ((r = strcmp(str_or_empty(a->partition),
				str_or_empty(b->partition))))
			return r;
	} else if ((r = strcmp(str_or_empty(a->acct), str_or_empty(b->acct)))) {
		return r;
	}
	return a->id < b->id ? -1 : a->id > b->id;
}

struct id_index {
	uint32_t id;
	int index;
};

static int
id_cmp(const void *pa, const void *pb)
{
	const struct id_index *a = pa, *b = pb;

	return a->id < b->id ? -1 : a->id > b->id;
}

static void
tree_release(struct tree *t)
{
	free(t->nodes);
	free(t->kid_pool);
	t->nodes = NULL;
	t->kid_pool = NULL;
}

/*
 * Rebuild the tree from id/parent_id. A record whose parent did not come
 * back, or no root, means slurmctld sent part of the tree (PrivateData).
 */
static int
tree_build(struct ctx *c, fs_slist list, struct tree *t, int private_usage)
{
	struct id_index *ids = NULL;
	fs_slist_itr it;
	slurmdb_assoc_rec_t *rec;
	int i, n = list ? slurm_list_count(list) : 0, *fill = NULL, pos;

	memset(t, 0, sizeof(*t));
	t->root = -1;
	if (n <= 0) {
		fail(c, "slurmctld holds no associations; is "
		     "AccountingStorageType=accounting_storage/slurmdbd set "
		     "in %s?", c->where);
		return -1;
	}
	t->nodes = calloc((size_t)n, sizeof(*t->nodes));
	t->kid_pool = calloc((size_t)n, sizeof(*t->kid_pool));
	ids = calloc((size_t)n, sizeof(*ids));
	fill = calloc((size_t)n, sizeof(*fill));
	if (!t->nodes || !t->kid_pool || !ids || !fill) {
		fail(c, "out of memory");
		goto bad;
	}
	it = slurm_list_iterator_create(list);
	for (i = 0; i < n && (rec = slurm_list_next(it)); i++) {
		t->nodes[i].rec = rec;
		t->nodes[i].parent = -1;
		ids[i].id = rec->id;
		ids[i].index = i;
	}
	slurm_list_iterator_destroy(it);
	t->n = n = i;
	qsort(ids, (size_t)n, sizeof(*ids), id_cmp);

	for (i = 0; i < n; i++) {
		slurmdb_assoc_rec_t *r = t->nodes[i].rec;
		struct id_index key = {r->parent_id, 0}, *p;

		if (!r->user && r->parent_id == 0) {
			if (t->root >= 0) {
				fail(c, "slurmctld sent two root associations "
				     "(%u and %u)",
				     t->nodes[t->root].rec->id, r->id);
				goto bad;
			}
			t->root = i;
			continue;
		}
		p = bsearch(&key, ids, (size_t)n, sizeof(*ids), id_cmp);
		if (!p || t->nodes[p->index].rec->user) {
			if (private_usage)
				fail(c, "slurmctld sent only part of the "
				     "association tree (PrivateData=usage); "
				     "run as root, SlurmUser or a Slurm "
				     "operator");
			else
				fail(c, "association %u (account '%s') has "
				     "parent %u, which slurmctld did not send",
				     r->id, str_or_empty(r->acct),
				     r->parent_id);
			goto bad;
		}
		t->nodes[i].parent = p->index;
		t->nodes[p->index].nkids++;
	}
	if (t->root < 0) {
		if (private_usage)
			fail(c, "slurmctld sent only part of the association "
			     "tree (PrivateData=usage); run as root, "
			     "SlurmUser or a Slurm operator");
		else
			fail(c, "slurmctld sent no root association");
		goto bad;
	}
	for (pos = 0, i = 0; i < n; i++) {
		t->nodes[i].kids = t->kid_pool + pos;
		pos += t->nodes[i].nkids;
	}
	for (i = 0; i < n; i++) {
		int p = t->nodes[i].parent;

		if (p >= 0)
			t->nodes[p].kids[fill[p]++] = i;
	}
	sort_tree = t;
	for (i = 0; i < n; i++)
		if (t->nodes[i].nkids > 1)
			qsort(t->nodes[i].kids, (size_t)t->nodes[i].nkids,
			      sizeof(int), kid_cmp);
	sort_tree = NULL;
	free(ids);
	free(fill);
	return 0;
bad:
	free(ids);
	free(fill);
	tree_release(t);
	return -1;
}

static int
in_list(const char *const *list, const char *s, int nocase)
{
	if (!s)
		return 0;
	for (; *list; list++)
		if (nocase ? !strcasecmp(*list, s) : !strcmp(*list, s))
			return 1;
	return 0;
}

static void
keep_ancestors(struct tree *t, int i)
{
	for (i = t->nodes[i].parent; i >= 0 && !t->nodes[i].keep;
	     i = t->nodes[i].parent)
		t->nodes[i].keep = 1;
}

/*
 * Mark the rows to write (see live.h). Walks the tree from the root with
 * an explicit stack; insub is set below a named account.
 */
static int
tree_filter(struct tree *t, const struct fs_live_opts *o)
{
	const char *const *acc = o && o->accounts && o->accounts[0] ?
				 o->accounts : NULL;
	const char *const *usr = o && o->users && o->users[0] ?
				 o->users : NULL;
	int *stack, *insub, top = 0, i;

	if (!acc && !usr) {
		for (i = 0; i < t->n; i++)
			t->nodes[i].keep = 1;
		return 0;
	}
	stack = malloc((size_t)t->n * sizeof(*stack));
	insub = calloc((size_t)t->n, sizeof(*insub));
	if (!stack || !insub) {
		free(stack);
		free(insub);
		return -1;
	}
	for (i = 0; i < t->n; i++)
		t->nodes[i].keep = 0;
	stack[top++] = t->root;
	while (top > 0) {
		struct node *nd = &t->nodes[i = stack[--top]];
		int k, named = 0;

		if (acc && !nd->rec->user && in_list(acc, nd->rec->acct, 1))
			named = 1;
		if (named || (nd->parent >= 0 && insub[nd->parent]))
			insub[i] = 1;
		if (nd->rec->user) {
			if ((!acc || insub[i]) &&
			    (!usr || in_list(usr, nd->rec->user, 0))) {
				nd->keep = 1;
				keep_ancestors(t, i);
			}
		} else if (named || (acc && !usr && insub[i])) {
			nd->keep = 1;
			keep_ancestors(t, i);
		}
		for (k = nd->nkids - 1; k >= 0; k--)
			stack[top++] = nd->kids[k];
	}
	free(stack);
	free(insub);
	return 0;
}

static void
put_row(FILE *f, struct tree *t, int i, const struct dump_info *di)
{
	const slurmdb_assoc_rec_t *r = t->nodes[i].rec;
	const slurmdb_assoc_usage_t *u = r->usage;
	const char *parent = "";
	uint32_t n = di->tres_cnt;
	int fairtree = di->fairtree;
	int ctld_keeps_classic_fs = di->ctld_keeps_classic_fs;

	if (r->user)
		parent = str_or_empty(r->acct);
	else if (t->nodes[i].parent >= 0)
		parent = str_or_empty(t->nodes[t->nodes[i].parent].rec->acct);
	if (u && u->tres_cnt < n)
		n = u->tres_cnt;

	/* Account User Partition Parent */
	fprintf(f, "%s\t%s\t%s\t%s\t", str_or_empty(r->acct),
		str_or_empty(r->user), str_or_empty(r->partition), parent);
	/* RawShares */
	if (r->shares_raw == SLURMDB_FS_USE_PARENT)
		fputs("parent", f);
	else if (!(i == t->root && r->shares_raw == NO_VAL))
		fprintf(f, "%u", r->shares_raw);
	fputc('\t', f);
	/* RawUsage */
	if (u)
		fprintf(f, "%.6Lf", u->usage_raw);
	fputc('\t', f);
	/* GrpTRESMins TRESRunMins */
	put_tres(f, di->tres_names, n, r->grp_tres_mins_ctld, 1);
	fputc('\t', f);
	if (u)
		put_tres(f, di->tres_names, n, u->grp_used_tres_run_secs, 60);
	fputc('\t', f);
	/* ID ParentID */
	fprintf(f, "%u\t", r->id);
	if (i != t->root)
		fprintf(f, "%u", r->parent_id);
	fputc('\t', f);
	/* SlurmNormShares SlurmNormUsage SlurmEffectvUsage SlurmLevelFS
	 * SlurmFairShare */
	if (u) {
		put_d(f, u->shares_norm);
		fputc('\t', f);
		put_ld(f, u->usage_norm);
		fputc('\t', f);
		put_ld(f, u->usage_efctv);
		fputc('\t', f);
		/* Level FS is Fair Tree's; the other algorithms leave 0. */
		if (fairtree)
			put_ld(f, u->level_fs);
		fputc('\t', f);
		/* Slurm computes no factor for accounts; before 25.11 the
		 * controller keeps none for classic/depth-oblivious users
		 * either (sshare computes those in the client). */
		if (r->user && (fairtree || ctld_keeps_classic_fs))
			put_d(f, u->fs_factor);
	} else {
		fputs("\t\t\t\t", f);
	}
	fputc('\n', f);
}

static void
put_tree(FILE *f, struct tree *t, const struct dump_info *di, int *stack)
{
	int top = 0;

	stack[top++] = t->root;
	while (top > 0) {
		int i = stack[--top], k;

		if (t->nodes[i].keep)
			put_row(f, t, i, di);
		for (k = t->nodes[i].nkids - 1; k >= 0; k--)
			stack[top++] = t->nodes[i].kids[k];
	}
}

/* Metadata values are single-line by construction; keep them so. */
static void
put_meta(FILE *f, const char *key, const char *value)
{
	fprintf(f, "#%s=", key);
	for (; value && *value; value++)
		fputc(*value == '\n' || *value == '\r' ? ' ' : *value, f);
	fputc('\n', f);
}

int
fs_live_dump(const struct fs_live_opts *opts, FILE *out, char *err,
	     size_t errlen)
{
	struct ctx c;
	struct capture cap;
	slurm_conf_t *conf = NULL;
	assoc_mgr_info_request_msg_t req;
	assoc_mgr_info_msg_t *msg = NULL;
	struct tree t = {NULL, 0, -1, NULL};
	char *buf = NULL, *flags = NULL, taken[32], num[32];
	size_t len = 0;
	FILE *mem = NULL;
	struct dump_info di;
	int rc, ret = 1, *stack = NULL, private_usage;
	time_t now;
	struct tm tm;

	memset(&c, 0, sizeof(c));
	c.err = err;
	c.errlen = errlen;
	if (err && errlen)
		err[0] = '\0';
	if (check_conf(&c) < 0)
		return 1;

	capture_begin(&cap);
	slurm_init(NULL);
	if (slurm_load_ctl_conf((time_t)0, &conf) != SLURM_SUCCESS) {
		rc = errno;
		capture_end(&cap, c.logline, sizeof(c.logline), 0);
		fail_rpc(&c, "the configuration", rc);
		conf = NULL;
		goto done;
	}
	memset(&req, 0, sizeof(req));
	req.flags = ASSOC_MGR_INFO_FLAG_ASSOC;
	if (slurm_load_assoc_mgr_info(&req, &msg) != SLURM_SUCCESS) {
		rc = errno;
		capture_end(&cap, c.logline, sizeof(c.logline), 0);
		fail_rpc(&c, "the associations", rc);
		msg = NULL;
		goto done;
	}
	capture_end(&cap, NULL, 0, 1);
	now = time(NULL);

	private_usage = (conf->private_data & PRIVATE_DATA_USAGE) &&
			getuid() != 0 && getuid() != conf->slurm_user_id;
	if (tree_build(&c, msg->assoc_list, &t, private_usage) < 0)
		goto done;
	if (tree_filter(&t, opts) < 0 ||
	    !(stack = malloc((size_t)t.n * sizeof(*stack))) ||
	    !(flags = priority_flags_text(conf)) ||
	    !(mem = open_memstream(&buf, &len))) {
		fail(&c, "out of memory");
		goto done;
	}
	di.tres_names = msg->tres_names;
	di.tres_cnt = msg->tres_cnt;
	di.fairtree = !strcmp(algorithm_name(conf->priority_flags), "fairtree");
	di.ctld_keeps_classic_fs = version_number(conf->version) >=
				   FS_CTLD_STORES_CLASSIC_FS;

	gmtime_r(&now, &tm);
	strftime(taken, sizeof(taken), "%Y-%m-%dT%H:%M:%SZ", &tm);
	fputs("#fs-tsv 1\n", mem);
	put_meta(mem, "cluster", conf->cluster_name);
	put_meta(mem, "taken", taken);
	put_meta(mem, "source", "live");
	put_meta(mem, "slurm_version", conf->version);
	snprintf(num, sizeof(num), "%u", conf->priority_decay_hl);
	put_meta(mem, "half_life", num);
	snprintf(num, sizeof(num), "%u", conf->priority_calc_period);
	put_meta(mem, "calc_period", num);
	put_meta(mem, "priority_flags", flags);
	put_meta(mem, "algorithm", algorithm_name(conf->priority_flags));
	snprintf(num, sizeof(num), "%u", (unsigned)conf->fs_dampening_factor);
	put_meta(mem, "dampening", num);
	put_meta(mem, "priority_type", conf->priority_type);
	fputs("Account\tUser\tPartition\tParent\tRawShares\tRawUsage\t"
	      "GrpTRESMins\tTRESRunMins\tID\tParentID\tSlurmNormShares\t"
	      "SlurmNormUsage\tSlurmEffectvUsage\tSlurmLevelFS\t"
	      "SlurmFairShare\n", mem);
	put_tree(mem, &t, &di, stack);
	if (fclose(mem) != 0) {
		mem = NULL;
		fail(&c, "out of memory");
		goto done;
	}
	mem = NULL;
	if (fwrite(buf, 1, len, out) != len) {
		fail(&c, "write error: %s", strerror(errno));
		goto done;
	}
	ret = 0;
done:
	if (mem)
		fclose(mem);
	free(buf);
	free(flags);
	free(stack);
	tree_release(&t);
	if (msg)
		slurm_free_assoc_mgr_info_msg(msg);
	if (conf)
		fs_free_ctl_conf(conf);
	slurm_fini();
	return ret;
}

int
fs_live_available(void)
{
	return 1;
}

#endif /* HAVE_LIBSLURM */
