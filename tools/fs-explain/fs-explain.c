/*
 * fs-explain: why one user ranks below another, in plain words.
 *
 * Reads one TSV tree (fs-tsv(5)), normally fs-rank's output, from FILE or
 * standard input and ranks it again in memory with the library, so every
 * Level FS is the exact long double Slurm compares (the algorithm and tie
 * mode come from the tree's metadata unless --algorithm or --ties say
 * otherwise). Given two users it writes where their paths in the
 * fairshare tree part, the two Level FS that decide there and what makes
 * them, the tie rule when they are equal, and what it would take for the
 * lower one to overtake: waiting (decay) and more shares. Given one user it
 * writes the user's path from root with the siblings walked before each
 * step. With --json the same facts come as one JSON document; with -i a
 * prompt answers one question per line.
 *
 * It owns no columns and writes no tree. The whole input is read and
 * checked, and the names resolved, before anything is written.
 */
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "fs.h"

#define SHOW_BEFORE 8			/* siblings listed per step */
#define INDENT_STEPS 12			/* the path's indentation stops
					 * growing below this depth */

struct opts {
	const char *algorithm;		/* NULL: the tree's metadata */
	const char *ties;		/* NULL: the tree's metadata */
	int json, interactive;
	int usage_by, glossary;		/* --usage-by, --glossary */
	struct fs_whatif *whatif;	/* --shares, --usage, in order */
	size_t nwhatif;
	/* --forecast: when will the lower one pass, or reach --until. */
	int forecast, no_running;
	const char *until;		/* fairshare=X or rank=N */
	const char **rate;		/* --rate NAME=B, in order */
	size_t nrate;
	const char *rate_from;		/* --rate-from SACCT_FILE */
	const char *running;		/* --running SACCT_FILE */
	long long window, horizon;	/* seconds */
	const char *window_arg, *horizon_arg;
};

/* Everything one tree gives: read once, asked many times with -i. */
struct ctx {
	struct fs_table t, orig;	/* orig: as read, when --shares or
					 * --usage changed it into t */
	struct fs_tree tr;
	struct fs_rank_opts ro;
	double half_life;
	const char *name;		/* input name for messages */
	int json;
	int usage_by, glossary;		/* the question asked instead */
	/* Where a long answer may be written as it is made, once every name
	 * in it is resolved (a write error stays in ferror); NULL: held in
	 * the buffer whole. */
	FILE *out;
	/* The tree is the quick reader's small one (fs_explain_read): an
	 * answer that needs more of it gives up (-2) before writing. */
	int quick;
};

static const char synopsis[] =
	"usage: fs-explain [OPTIONS] A B [FILE]\n"
	"       fs-explain [OPTIONS] A [FILE]\n"
	"       fs-explain -i [OPTIONS] [FILE]\n"
	"options: [--algorithm NAME] [--ties slurm|merge] [--json]\n"
	"         [--shares ACCOUNT[/USER]=N] [--usage ACCOUNT/USER=X]\n"
	"       fs-explain --forecast [FORECAST OPTIONS] A B [FILE]\n"
	"       fs-explain --until fairshare=X|rank=N [FORECAST OPTIONS] A "
	"[FILE]\n"
	"forecast options: [--rate USER=B] [--rate-from SACCT_FILE] "
	"[--window TIME]\n"
	"         [--horizon TIME] [--running SACCT_FILE | --no-running]\n";

static void
usage(FILE *f)
{
	fputs(synopsis, f);
	fputs("       fs-explain --usage-by [OPTIONS] ACCOUNT|USER [FILE]\n"
	      "       fs-explain --glossary [--algorithm NAME] [USER] [FILE]\n",
	      f);
	fprintf(f,
		"\n"
		"Explain why A ranks below (or above) B in a TSV tree, or show "
		"A's path\n"
		"from root. Each is a user (USER, ACCOUNT/USER or "
		"ACCOUNT/USER/PARTITION)\n"
		"or an account (ACCOUNT): for one account, also the shares it "
		"would need to\n"
		"pass the sibling walked before it.\n"
		"\n"
		"      --algorithm NAME  fairtree, classic or depth-oblivious "
		"(default: the\n"
		"                        tree's metadata, else fairtree)\n"
		"      --ties MODE       slurm or merge (default: the tree's "
		"metadata, else slurm)\n"
		"      --json            one JSON document\n"
		"      --shares ACCOUNT[/USER]=N\n"
		"                        what if it had N raw shares (or "
		"'parent'); repeatable\n"
		"      --usage ACCOUNT/USER=X\n"
		"                        what if the user's RawUsage were X "
		"(the accounts'\n"
		"                        sums follow); repeatable\n"
		"  -i, --interactive     ask at a prompt: 'A B', 'A', help, quit\n"
		"      --usage-by        who weighs in the account's usage (a "
		"user's: the\n"
		"                        account it competes in), and its Level "
		"FS without each\n"
		"      --glossary        sshare's columns in plain words, with "
		"USER's numbers\n"
		"\n"
		"Forecast: when the lower of A and B passes the other, or A "
		"reaches a goal,\n"
		"as decay runs and new usage comes in:\n"
		"      --forecast        when the lower of A and B ranks above "
		"the other\n"
		"      --until fairshare=X|rank=N\n"
		"                        when user A's FairShare reaches X, or "
		"its rank N\n"
		"      --rate USER=B     USER keeps B billing units busy (e.g. "
		"CPUs); repeatable\n"
		"      --rate-from SACCT_FILE\n"
		"                        each user's mean billing over the "
		"window before the\n"
		"                        tree's time, from `sacct -a -X -P` "
		"output\n"
		"      --window TIME     that window (default 7d)\n"
		"      --horizon TIME    look this far ahead (default 30d, at most "
		"36525d)\n"
		"      --running SACCT_FILE\n"
		"                        the running jobs, each to its time "
		"limit, from `sacct\n"
		"                        -a -X -P -s R` output with Timelimit "
		"(not TRESRunMins)\n"
		"      --no-running      leave out what running jobs still "
		"charge (TRESRunMins)\n"
		"  -h, --help            this help\n"
		"  -V, --version         the version\n"
		"\n"
		"With no FILE, or when FILE is -, read standard input. See "
		"fs-explain(1).\n");
}

/* ------------------------------------------------------------ words */

static void
put_name(struct fs_buf *b, const struct fs_tree *tr, uint32_t i)
{
	fs_buf_user_spec(b, tr, i);
}

/* Names for the words below, four at a time; para's text, kept from call
 * to call (a deep path makes two a step). */
static struct fs_buf names_buf[4], para_buf;
/* The Level FS line put_level last made, and its three numbers: a deep
 * path's steps repeat it whole. */
static struct fs_buf last_line;
static long double last_lf, last_ue;
static double last_sh;

static const char *
name(const struct fs_tree *tr, uint32_t i)
{
	static int k;
	struct fs_buf *p = &names_buf[k++ % 4];

	p->len = 0;
	fs_buf_addstr(p, "");
	put_name(p, tr, i);
	return p->data;
}

static void
free_names(void)
{
	int k;

	for (k = 0; k < 4; k++)
		fs_buf_release(&names_buf[k]);
	fs_buf_release(&para_buf);
	fs_buf_release(&last_line);
}

/* %.6Lf into p[size] (size >= FS_FMT_MAX), by the number codec when it
 * can: a deep path writes a few per step. */
static size_t
fixed6(char *p, size_t size, struct fs_fmt_memo *m, long double v)
{
	int n = m ? fs_memo_fixed6_ld(m, p, v) : fs_fmt_fixed6_ld(p, v);

	if (n >= 0) {
		p[n] = '\0';
		return (size_t)n;
	}
	snprintf(p, size, "%.6Lf", v);
	return strlen(p);
}

/* sshare's six decimals, "inf" for infinity; through memo m unless NULL
 * (a deep path's steps repeat their numbers). */
static const char *
f6m(struct fs_fmt_memo *m, long double v)
{
	static char s[4][64];
	static int k;
	char *p = s[k++ % 4];

	if (isinf(v))
		return "inf";
	fixed6(p, sizeof(s[0]), m, v);
	return p;
}

static const char *
f6(long double v)
{
	return f6m(NULL, v);
}

/* A double's six decimals (%.6f), likewise. */
static const char *
d6m(struct fs_fmt_memo *m, double v)
{
	static char s[4][FS_FMT_MAX + 320];
	static int k;
	char *p = s[k++ % 4];
	int n = m ? fs_memo_fixed6(m, p, v) : fs_fmt_fixed6(p, v);

	if (n >= 0)
		p[n] = '\0';
	else
		snprintf(p, sizeof(s[0]), "%.6f", v);
	return p;
}

/* indent spaces. */
static void
pad(struct fs_buf *b, int indent)
{
	static const char sp[] = "                                        ";

	for (; indent > 0; indent -= 40)
		fs_buf_add(b, sp, (size_t)(indent < 40 ? indent : 40));
}

/* The same long double, bit for bit (an x87 one is 10 bytes of 16). */
static int
same_ld(long double a, long double b)
{
	return !memcmp(&a, &b, LDBL_MANT_DIG == 64 ? 10 : sizeof(a));
}

/* A raw number without trailing zeros into p[80]: its length. */
static size_t
raw_into(char *p, struct fs_fmt_memo *m, long double v)
{
	char *e = p + fixed6(p, 80, m, v);

	while (e[-1] == '0')
		*--e = '\0';
	if (e[-1] == '.')
		*--e = '\0';
	return (size_t)(e - p);
}

static const char *
rawm(struct fs_fmt_memo *m, long double v)
{
	static char s[4][80];
	static int k;
	char *p = s[k++ % 4];

	raw_into(p, m, v);
	return p;
}

/* The last number raw_memo wrote and its text: a deep path's steps
 * repeat their usages. */
struct raw_memo {
	long double v;
	int set;
	size_t len;
	char text[80];
};

static const char *
raw_memo(struct raw_memo *r, long double v, size_t *len)
{
	if (!r->set || !same_ld(r->v, v)) {
		r->len = raw_into(r->text, NULL, v);
		r->v = v;
		r->set = 1;
	}
	*len = r->len;
	return r->text;
}

static const char *
raw(long double v)
{
	return rawm(NULL, v);
}

static const char *
exact(long double v)
{
	static char s[4][FS_FMT_MAX + 1];
	static int k;
	char *p = s[k++ % 4];

	p[fs_fmt_ld(p, v)] = '\0';
	return p;
}

/* "1st", "22nd", "13th" at o (room for 16 bytes), no NUL: the end. */
static char *
put_ordinal(char *o, uint32_t n)
{
	const char *suf = "th";

	if (n % 100 < 11 || n % 100 > 13)
		suf = n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
	o = fs_put_ll(o, n);
	memcpy(o, suf, 2);
	return o + 2;
}

static const char *
ordinal(uint32_t n)
{
	static char s[32];

	*put_ordinal(s, n) = '\0';
	return s;
}

/* Bytes at o, where the caller has made room: the end. */
static inline char *
put_mem(char *o, const void *p, size_t n)
{
	memcpy(o, p, n);
	return o + n;
}
#define PUT_LIT(o, s) put_mem(o, s, sizeof(s) - 1)

/* indent spaces at o, where the caller has made room for PAD_ROOM bytes
 * more than it writes after them: a path's indentation (26 at most) is one
 * move of constant size. */
#define PAD_ROOM 32
static inline char *
put_pad(char *o, int indent)
{
	static const char sp[PAD_ROOM + 1] = "                                ";

	if (indent <= PAD_ROOM)
		memcpy(o, sp, PAD_ROOM);
	else
		memset(o, ' ', (size_t)indent);
	return o + indent;
}

/* Append text as a paragraph wrapped at 78 columns, every line indented;
 * a paragraph that is an item ("- ...") hangs under its first word. */
static void
para(struct fs_buf *b, int indent, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* para_buf's text, wrapped into b. */
static void
wrap(struct fs_buf *b, int indent)
{
	const char *p = para_buf.data, *w;
	int col = 0, first = 1;
	int hang = strncmp(para_buf.data, "- ", 2) == 0 ? 2 : 0;
	size_t n = para_buf.len;

	/* What fits on its line as it is (one space between words, none
	 * around them) is that line: most of a deep path's. */
	if (n && p[0] != ' ' && p[n - 1] != ' ' && (size_t)indent + n <= 78 &&
	    !strstr(p, "  ")) {
		pad(b, indent);
		fs_buf_add(b, p, n);
		fs_buf_addch(b, '\n');
		return;
	}
	for (; *p;) {
		int len;

		while (*p == ' ')
			p++;
		if (!*p)
			break;
		for (w = p; *w && *w != ' '; w++)
			;
		len = (int)(w - p);
		if (col && col + 1 + len > 78) {
			fs_buf_addch(b, '\n');
			col = 0;
		}
		if (!col) {
			col = first ? indent : indent + hang;
			pad(b, col);
			first = 0;
		} else {
			fs_buf_addch(b, ' ');
			col++;
		}
		fs_buf_add(b, p, (size_t)len);
		col += len;
		p = w;
	}
	fs_buf_addch(b, '\n');
}

static void
para(struct fs_buf *b, int indent, const char *fmt, ...)
{
	va_list ap;

	para_buf.len = 0;
	va_start(ap, fmt);
	fs_buf_vprintf(&para_buf, fmt, ap);
	va_end(ap);
	wrap(b, indent);
}

/* The paragraph of n bytes at text, after indent spaces at the end of b
 * (b->len not moved yet; room for a newline after it), written in place
 * without printf (a deep path makes two a step): as one line when that is
 * how wrap() would put it, else through wrap(). plain: the text cannot
 * hold two spaces in a row (the caller knows its pieces). */
static void
put_text(struct fs_buf *b, int indent, char *text, size_t n, int plain)
{
	char *o = text + n;

	*o = '\0';
	if (n && text[0] != ' ' && text[n - 1] != ' ' &&
	    (size_t)indent + n <= 78 && (plain || !strstr(text, "  "))) {
		*o++ = '\n';
		*o = '\0';
		b->len = (size_t)(o - b->data);
		return;
	}
	para_buf.len = 0;
	fs_buf_add(&para_buf, text, n);
	b->data[b->len] = '\0';
	wrap(b, indent);
}

static const char *
half_life_words(double hl)
{
	static char s[64];

	if (hl <= 0)
		return "no decay: half-life 0";
	if (fmod(hl, 86400) == 0)
		snprintf(s, sizeof(s), "half-life %g day%s", hl / 86400,
			 hl == 86400 ? "" : "s");
	else if (fmod(hl, 3600) == 0)
		snprintf(s, sizeof(s), "half-life %g hour%s", hl / 3600,
			 hl == 3600 ? "" : "s");
	else
		snprintf(s, sizeof(s), "half-life %g s", hl);
	return s;
}

/* "Level FS 0.785650 = shares 0.400000 / usage 0.509133" and the raw
 * numbers under it; par: the name of l's fs parent (par_len bytes), or
 * NULL. */
static void
put_level(struct fs_buf *b, const struct ctx *c,
	  const struct fs_explain_level *l, int indent, const char *par,
	  size_t par_len)
{
	/* A path's steps, one after another, repeat their numbers. */
	static struct fs_fmt_memo m_lfs, m_shares, m_ue;
	static struct raw_memo m_usage, m_pusage;
	const struct fs_tree *tr = &c->tr;
	const struct fs_node *a = &tr->node[l->node];

	if (!par) {
		par = name(tr, l->fs_parent);
		par_len = strlen(par);
	}
	if (a->use_parent)
		para(b, indent, "Level FS inf: Slurm gives a FairShare=parent "
		     "user +inf, whatever its usage");
	else if (l->shares_norm == 0)
		para(b, indent, "Level FS 0: no shares (Slurm gives 0 whatever "
		     "the usage)");
	else {
		/* The line of the step before, as a deep chain has it, or a
		 * new one: numbers (no spaces) between the words. */
		if (!same_ld(l->level_fs, last_lf) ||
		    !same_ld(l->usage_efctv, last_ue) ||
		    memcmp(&l->shares_norm, &last_sh, sizeof(last_sh)) ||
		    !last_line.data) {
			last_line.len = 0;
			fs_buf_addstr(&last_line, "Level FS ");
			fs_buf_addstr(&last_line, f6m(&m_lfs, l->level_fs));
			fs_buf_addstr(&last_line, " = shares ");
			fs_buf_addstr(&last_line, d6m(&m_shares,
						      l->shares_norm));
			fs_buf_addstr(&last_line, " / usage ");
			fs_buf_addstr(&last_line, f6m(&m_ue, l->usage_efctv));
			if (l->usage_efctv == 0)
				fs_buf_addstr(&last_line, " (no usage)");
			last_lf = l->level_fs;
			last_ue = l->usage_efctv;
			last_sh = l->shares_norm;
		}
		fs_buf_grow(b, (size_t)indent + last_line.len + PAD_ROOM);
		put_text(b, indent,
			 put_mem(put_pad(b->data + b->len, indent),
				 last_line.data, last_line.len) - last_line.len,
			 last_line.len, 1);
	}
	if (a->use_parent)
		para(b, indent, "shares: parent (FairShare=parent); usage %s "
		     "of %s's %s = %s", raw(l->usage_raw), par,
		     raw(l->parent_usage), f6(l->usage_efctv));
	else {
		/* "shares N of M in P's list; usage U of P's V": two
		 * spaces in a row only from a name with spaces. */
		size_t nu, npu;
		const char *u = raw_memo(&m_usage, l->usage_raw, &nu);
		const char *pu = raw_memo(&m_pusage, l->parent_usage, &npu);
		char *o, *text;

		fs_buf_grow(b, (size_t)indent + 2 * par_len + nu + npu + 96);
		text = put_pad(b->data + b->len, indent);
		o = PUT_LIT(text, "shares ");
		o = fs_put_ll(o, a->shares_raw);
		o = PUT_LIT(o, " of ");
		o = fs_put_ll(o, l->level_shares);
		o = PUT_LIT(o, " in ");
		o = put_mem(o, par, par_len);
		o = PUT_LIT(o, "'s list; usage ");
		o = put_mem(o, u, nu);
		o = PUT_LIT(o, " of ");
		o = put_mem(o, par, par_len);
		o = PUT_LIT(o, "'s ");
		o = put_mem(o, pu, npu);
		put_text(b, indent, text, (size_t)(o - text),
			 !memchr(par, ' ', par_len));
	}
	if (a->parent != a->fs_parent && a->parent != FS_NONE)
		para(b, indent, "(%s is FairShare=parent, so %s competes in "
		     "%s's list)", name(tr, a->parent), name(tr, l->node),
		     par);
}

/* "every user under X" or the user itself. */
static const char *
under(const struct fs_tree *tr, uint32_t i)
{
	static char s[2][512];
	static int k;
	char *p = s[k++ % 2];

	if (tr->node[i].is_user)
		snprintf(p, 512, "%s", name(tr, i));
	else
		snprintf(p, 512, "every user under %s", name(tr, i));
	return p;
}

static void
text_user(struct fs_buf *b, const struct ctx *c, const char *label,
	  uint32_t u, uint32_t rank)
{
	const struct fs_tree *tr = &c->tr;
	struct fs_explain_level l;

	if (tr->node[u].is_user) {
		fs_buf_printf(b, "%s%s: FairShare %.6f, rank %u of %u\n",
			      label, name(tr, u), tr->node[u].fs_factor, rank,
			      tr->user_count);
		return;
	}
	fs_explain_level(tr, u, &l);
	if (fs_algorithm_levels(c->ro.algorithm))
		fs_buf_printf(b, "%saccount %s: Level FS %s, %s of %u in %s's "
			      "list\n", label, name(tr, u), f6(l.level_fs),
			      ordinal(l.place + 1), l.count,
			      name(tr, l.fs_parent));
	else
		fs_buf_printf(b, "%saccount %s: FairShare %.6f\n", label,
			      name(tr, u), tr->node[u].fs_factor);
}

/* The changes --shares and --usage made, or those the tree came with. */
static void
text_whatif(struct fs_buf *b, const struct ctx *c)
{
	const char *w = fs_header_meta(&c->t.h, "whatif");

	if (w)
		para(b, 0, "What if: %s.", w);
}

static void
text_no_usage(struct fs_buf *b, const struct ctx *c)
{
	if (c->tr.node[c->tr.root].usage_raw == 0)
		para(b, 0, "Note: this tree has no usage at all (root's usage "
		     "is 0). Every association with shares has Level FS inf, "
		     "so they all tie, and only zero shares and the tie rules "
		     "order the users.");
}

/* Can rounding of decayed usage decide this? Only for a near miss, or an
 * exact tie of finite values made from different numbers: equal numbers
 * decay to equal numbers, and zero stays zero. */
static int
rounding_matters(const struct fs_explain *x)
{
	const struct fs_explain_level *s = x->side;

	if (x->near_miss)
		return 1;
	if (x->rule != FS_RULE_TIED_USERS && x->rule != FS_RULE_USER_FIRST &&
	    x->rule != FS_RULE_LIST_ORDER)
		return 0;
	if (isinf(s[0].level_fs) || s[0].level_fs == 0)
		return 0;
	return s[0].usage_raw != s[1].usage_raw ||
	       s[0].parent_usage != s[1].parent_usage;
}

static void text_shares(struct fs_buf *b, const struct ctx *c,
			const struct fs_explain *x);

static void
text_pair(struct fs_buf *b, const struct ctx *c, const struct fs_explain *x)
{
	const struct fs_tree *tr = &c->tr;
	const struct fs_explain_level *s = x->side;
	const char *na, *nb;
	uint32_t lo, hi, k;

	text_whatif(b, c);
	text_no_usage(b, c);
	text_user(b, c, "A ", x->user[0], x->rank[0]);
	text_user(b, c, "B ", x->user[1], x->rank[1]);
	/* After text_user: name() keeps four at a time. */
	na = name(tr, x->user[0]);
	nb = name(tr, x->user[1]);
	if (x->rule == FS_RULE_SAME) {
		fs_buf_printf(b, "A and B are the same association.\n");
		return;
	}
	if (x->order < 0)
		fs_buf_printf(b, "%s ranks above %s.\n", na, nb);
	else if (x->order > 0)
		fs_buf_printf(b, "%s ranks above %s.\n", nb, na);
	else if (!x->rank[0] || !x->rank[1])	/* an account: no rank */
		fs_buf_printf(b, "Neither %s nor %s is walked before the "
			      "other.\n", na, nb);
	else
		fs_buf_printf(b, "%s and %s share rank %u.\n", na, nb,
			      x->rank[0]);
	fs_buf_addch(b, '\n');

	if (x->rule == FS_RULE_FACTOR) {
		para(b, 0, "Under %s every user has its own factor, "
		     "2^(-(UE/S)/%u) of its normalised shares S (the share "
		     "fractions multiplied down the tree) and its effective "
		     "usage UE; there is no walk of the tree, and the higher "
		     "factor ranks first.",
		     fs_algorithm_name(x->algorithm), c->ro.dampening);
		for (k = 0; k < 2; k++)
			para(b, 2, "%s: S %.6f, UE %s, factor %.6f", k ? nb : na,
			     s[k].shares_norm, f6(s[k].usage_efctv),
			     tr->node[x->user[k]].fs_factor);
		if (x->first < 0)
			para(b, 0, "The two factors are equal, so the two "
			     "share a rank.");
		else
			para(b, 0, "%s has the higher factor.",
			     x->first ? nb : na);
	} else {
		if (x->merged) {
			uint32_t ma = s[0].node, mb = s[1].node;

			for (k = 0; k < x->merged; k++) {
				ma = tr->node[ma].fs_parent;
				mb = tr->node[mb].fs_parent;
			}
			para(b, 0, "Their paths part below %s, their first "
			     "common ancestor in the fairshare tree. There %s "
			     "and %s tie at Level FS %s, and with --ties merge "
			     "the children of tied accounts are ranked in one "
			     "merged list, so Fair Tree compares these two, "
			     "%u level%s further down:", name(tr, x->ancestor),
			     name(tr, ma), name(tr, mb),
			     f6(tr->node[ma].level_fs), x->merged,
			     x->merged > 1 ? "s" : "");
		} else {
			para(b, 0, "Their paths part below %s, their first "
			     "common ancestor in the fairshare tree, where "
			     "Fair Tree compares these two:",
			     name(tr, x->ancestor));
		}
		for (k = 0; k < 2; k++) {
			uint32_t u = x->user[k];

			if (s[k].node == u)
				fs_buf_printf(b, "  %s (%s itself)\n",
					      name(tr, u), k ? "B" : "A");
			else
				fs_buf_printf(b, "  %s (above %s)\n",
					      name(tr, s[k].node), name(tr, u));
			put_level(b, c, &s[k], 4, NULL, 0);
		}
		switch (x->rule) {
		case FS_RULE_LEVEL_FS:
			lo = s[!x->first].node;
			hi = s[x->first].node;
			para(b, 0, "%s has the higher Level FS, so Fair Tree "
			     "walks it first: %s ranks above %s.", name(tr, hi),
			     under(tr, hi), under(tr, lo));
			if (x->near_miss)
				para(b, 0, "The two print alike to 6 decimals "
				     "(%s) but are not equal: %s %s against "
				     "%s %s. Slurm compares the exact long "
				     "double values, so this is not a tie.",
				     f6(s[0].level_fs), name(tr, s[0].node),
				     exact(s[0].level_fs),
				     name(tr, s[1].node),
				     exact(s[1].level_fs));
			break;
		case FS_RULE_TIED_USERS:
			para(b, 0, "The two Level FS are exactly equal (%s). "
			     "Both are users, and tied users share a rank.",
			     exact(s[0].level_fs));
			break;
		case FS_RULE_USER_FIRST:
			hi = s[x->first].node;
			lo = s[!x->first].node;
			para(b, 0, "The two Level FS are exactly equal (%s). "
			     "On a tie Slurm sorts users before accounts, so "
			     "%s is ranked first and every user under %s ranks "
			     "at or below it.", exact(s[0].level_fs),
			     name(tr, hi), name(tr, lo));
			break;
		case FS_RULE_LIST_ORDER:
			hi = s[x->first].node;
			lo = s[!x->first].node;
			para(b, 0, "The two Level FS are exactly equal (%s) and "
			     "both are accounts. Slurm means to merge the "
			     "children of tied accounts but never does (its "
			     "_count_tied_accounts() stops at the first "
			     "account): it walks them one after the other in "
			     "list order (%s), and %s comes first, so %s ranks "
			     "at or above %s. With --ties merge (what Slurm's "
			     "documentation says) their children would be "
			     "ranked together.", exact(s[0].level_fs),
			     fs_tree_sibling_rule(tr), name(tr, hi),
			     under(tr, hi), under(tr, lo));
			break;
		default:
			break;
		}
		if (x->carry_from != FS_NONE)
			para(b, 0, "Tie carry-in: %s is entered tied, so "
			     "its first user, %s, takes rank %u from %s, the "
			     "user ranked just before it.",
			     name(tr, s[!x->first].node),
			     name(tr, x->carry_to),
			     tr->user_count + 1 - tr->node[x->carry_to].rank,
			     name(tr, x->carry_from));
	}

	/* What it would take. */
	lo = x->user[x->lower];
	hi = x->user[!x->lower];
	fs_buf_addch(b, '\n');
	if (x->order == 0)
		fs_buf_printf(b, "What it would take for %s to rank above %s:\n",
			      name(tr, lo), name(tr, hi));
	else
		fs_buf_printf(b, "What it would take for %s to overtake %s:\n",
			      name(tr, lo), name(tr, hi));
	para(b, 2, "Waiting without new usage: never. Decay (%s) multiplies "
	     "every association's usage, root's included, by the same "
	     "factor, so every usage fraction, every %s and this order stay "
	     "as they are, and usage that is zero stays zero.%s Others' new "
	     "usage can change it: --forecast says when.",
	     half_life_words(c->half_life),
	     x->rule == FS_RULE_FACTOR ? "factor" : "Level FS",
	     rounding_matters(x)
		     ? " Only the rounding of the decayed numbers can move a "
		       "Level FS in its last bits, which can matter for an "
		       "exact tie or a near miss like this one."
		     : "");
	text_shares(b, c, x);
}

/* "More shares: ...": what x->solve found. */
static void
text_shares(struct fs_buf *b, const struct ctx *c, const struct fs_explain *x)
{
	const struct fs_tree *tr = &c->tr;
	const struct fs_explain_level *s = x->side;
	uint32_t j = s[x->lower].node, k = s[!x->lower].node;

	switch (x->shares) {
	case FS_SHARES_OK:
		para(b, 2, "More shares: %s would need %u raw shares instead "
		     "of %u, to reach Level FS %s against %s's %s (the list's "
		     "shares then total %u).", name(tr, j), x->shares_needed,
		     x->shares_now, f6(x->level_fs_after[x->lower]),
		     name(tr, k), f6(x->level_fs_after[!x->lower]),
		     x->level_shares_after);
		if (!strcmp(f6(x->level_fs_after[0]), f6(x->level_fs_after[1])))
			para(b, 2, "(Exactly: %s against %s.)",
			     exact(x->level_fs_after[x->lower]),
			     exact(x->level_fs_after[!x->lower]));
		break;
	case FS_SHARES_PARENT:
		para(b, 2, "More shares: %s is FairShare=parent; its Level FS "
		     "is +inf already, and shares do not change it.",
		     name(tr, j));
		break;
	case FS_SHARES_INF:
		para(b, 2, "More shares: no number helps: %s has Level FS inf "
		     "(no usage, or FairShare=parent), and only new usage "
		     "under it can change that.", name(tr, k));
		break;
	case FS_SHARES_LIMIT:
		para(b, 2, "More shares: no number is enough. Even with all "
		     "the shares Slurm can count in one list (4294967295), %s "
		     "would reach only Level FS %s against %s's %s.",
		     name(tr, j), f6(x->level_fs_after[x->lower]),
		     name(tr, k), f6(x->level_fs_after[!x->lower]));
		break;
	case FS_SHARES_NA:
		para(b, 2, "More shares: computed for Fair Tree only.");
		break;
	}
}

static const char *
relation_words(enum fs_explain_rule r)
{
	switch (r) {
	case FS_RULE_LEVEL_FS:
		return "higher";
	case FS_RULE_TIED_USERS:
		return "equal: tied users share the rank";
	case FS_RULE_USER_FIRST:
		return "equal: users before accounts";
	case FS_RULE_LIST_ORDER:
		return "equal: list order";
	case FS_RULE_MERGED:
		return "equal: merged with it";
	default:
		return "";
	}
}

/* The users that share u's rank (ties, carry-in), in a sentence. */
static void
same_rank(struct fs_buf *b, const struct ctx *c, uint32_t u)
{
	const struct fs_tree *tr = &c->tr;
	struct fs_buf t;
	uint32_t k, n = 0;

	fs_buf_init(&t);
	for (k = 0; k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (i == u || !tr->node[i].is_user ||
		    tr->node[i].rank != tr->node[u].rank)
			continue;
		if (n < SHOW_BEFORE)
			fs_buf_printf(&t, "%s%s", n ? ", " : "", name(tr, i));
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(&t, " and %u more", n - SHOW_BEFORE);
	if (n)
		para(b, 0, "It shares rank %u with %s (a tie, or a tie carried "
		     "into its account).", tr->user_count + 1 - tr->node[u].rank,
		     t.data);
	fs_buf_release(&t);
}

static void
text_path(struct fs_buf *b, const struct ctx *c, struct fs_explain_path *p,
	  const struct fs_explain *pass)
{
	const struct fs_tree *tr = &c->tr;
	struct fs_buf nm[2];
	uint32_t k, j, nm_of[2] = {FS_NONE, FS_NONE};
	int cur = 0;
	char *o;

	text_whatif(b, c);
	text_no_usage(b, c);
	text_user(b, c, "", p->user, p->rank);
	if (!fs_algorithm_levels(c->ro.algorithm)) {
		const struct fs_node *u = &tr->node[p->user];

		para(b, 0, "Under %s %s factor is 2^(-(UE/S)/%u): here S "
		     "%.6f, UE %s. Fair Tree's path from root is shown "
		     "only with --algorithm fairtree.",
		     fs_algorithm_name(c->ro.algorithm),
		     u->is_user ? "a user's" : "an account's", c->ro.dampening,
		     u->shares_norm, f6(fs_node_usage_efctv(tr, u)));
		return;
	}
	para(b, 0, "Its path from root. At each step Fair Tree sorts the "
	     "list by Level FS and walks it in that order:");
	fs_buf_printf(b, "%s\n", name(tr, tr->root));
	/* Each step names its list's owner, mostly the step before: the two
	 * names, kept from step to step. */
	fs_buf_init(&nm[0]);
	fs_buf_init(&nm[1]);
	for (k = 0; k < p->nstep; k++) {
		const struct fs_explain_step *s = fs_explain_path_step(p, k);
		/* Deep paths would be quadratic in their indentation: it
		 * stops growing, and the depth is said instead. */
		int ind = 2 * (int)(k < INDENT_STEPS ? k + 1 : INDENT_STEPS);
		uint32_t par = s->level.fs_parent;
		int pb;		/* the buffer with the parent's name */

		if (nm_of[cur] == par) {
			pb = cur;
		} else if (nm_of[!cur] == par) {
			pb = !cur;
		} else {
			pb = cur;
			nm[pb].len = 0;
			fs_buf_addstr(&nm[pb], "");
			put_name(&nm[pb], tr, par);
			nm_of[pb] = par;
		}
		cur = !pb;
		nm[cur].len = 0;
		fs_buf_addstr(&nm[cur], "");
		put_name(&nm[cur], tr, s->level.node);
		nm_of[cur] = s->level.node;
		/* "NAME (depth N): 1st of M in PARENT's list", at once. */
		fs_buf_grow(b, (size_t)ind + nm[cur].len + nm[pb].len + 96);
		o = put_pad(b->data + b->len, ind);
		o = put_mem(o, nm[cur].data, nm[cur].len);
		if (k >= INDENT_STEPS) {
			o = PUT_LIT(o, " (depth ");
			o = fs_put_ll(o, k + 1);
			*o++ = ')';
		}
		o = PUT_LIT(o, ": ");
		o = put_ordinal(o, s->level.place + 1);
		o = PUT_LIT(o, " of ");
		o = fs_put_ll(o, s->level.count);
		o = PUT_LIT(o, " in ");
		o = put_mem(o, nm[pb].data, nm[pb].len);
		o = PUT_LIT(o, "'s list\n");
		*o = '\0';
		b->len = (size_t)(o - b->data);
		put_level(b, c, &s->level, ind + 2, nm[pb].data, nm[pb].len);
		for (j = 0; j < s->nbefore && j < SHOW_BEFORE; j++) {
			uint32_t o = s->before[j];

			/* Slurm sorts a FairShare=parent account by its
			 * placeholder, NO_VAL: a number that means nothing
			 * to a reader. */
			if (fs_explain_relation(tr, c->ro.ties, o,
						s->level.node) == FS_RULE_PARENT) {
				para(b, ind + 2, "after %s (FairShare=parent: "
				     "no Level FS of its own, so it ranks no "
				     "one; its members compete in %s's list)",
				     name(tr, o), nm[pb].data);
				continue;
			}
			fs_buf_printf(b, "%*safter %s (Level FS %s, %s)\n",
				      ind + 2, "", name(tr, o),
				      f6(tr->node[o].level_fs),
				      relation_words(fs_explain_relation(
					      tr, c->ro.ties, o,
					      s->level.node)));
		}
		if (s->nbefore > SHOW_BEFORE)
			fs_buf_printf(b, "%*s... and %u more before it\n",
				      ind + 2, "", s->nbefore - SHOW_BEFORE);
		/* A deep path's text goes out as it is made, not held whole:
		 * whole 4 KB blocks (one write each, past stdio's buffer),
		 * the rest kept, so the buffer stays within 32 KB and a bit. */
		if (c->out && b->len >= 1 << 15) {
			size_t w = b->len & ~(size_t)4095;

			fs_write_all(c->out, b->data, w);
			memmove(b->data, b->data + w, b->len - w + 1);
			b->len -= w;
		}
	}
	fs_buf_release(&nm[0]);
	fs_buf_release(&nm[1]);
	if (tr->node[p->user].is_user) {
		same_rank(b, c, p->user);
		return;
	}
	fs_buf_addch(b, '\n');
	if (!pass) {
		para(b, 0, "%s is walked first in %s's list: there is no "
		     "sibling to pass.", name(tr, p->user),
		     name(tr, tr->node[p->user].fs_parent));
		return;
	}
	fs_buf_printf(b, "What it would take for %s to pass %s, walked just "
		      "before it:\n", name(tr, p->user),
		      name(tr, pass->user[1]));
	text_shares(b, c, pass);
}

/* ----------------------------------------------------------- the glue */

/* --until's fairshare=X (0 to 1) or rank=N (1 or more). */
static int
until_ok(const char *s)
{
	char *end;
	double v;
	unsigned long n;

	if (!strncmp(s, "fairshare=", 10)) {
		v = strtod(s + 10, &end);
		return s[10] && !*end && v >= 0 && v <= 1;
	}
	if (!strncmp(s, "rank=", 5) && s[5] >= '0' && s[5] <= '9') {
		errno = 0;
		n = strtoul(s + 5, &end, 10);
		return !*end && !errno && n >= 1 && n <= UINT32_MAX;
	}
	return 0;
}

/* --rate's USER=B: a name, then B a number, 0 or more. */
static int
rate_ok(const char *s)
{
	const char *eq = strrchr(s, '=');
	char *end;
	double v;

	if (!eq || eq == s || !eq[1])
		return 0;
	v = strtod(eq + 1, &end);
	return !*end && v >= 0 && v < 1e15;
}

/* Whether an explanation x made on the quick reader's small tree needs
 * more of the tree than it holds: ties (the users that share a rank,
 * carry-in) and a copy ranked whole. */
static int
quick_short(const struct ctx *c, const struct fs_explain *x)
{
	return c->quick && (x->ranked_copy || (x->rule != FS_RULE_LEVEL_FS &&
					       x->rule != FS_RULE_SAME));
}

/* --glossary [USER]: the columns' words with the numbers of USER, else
 * of the first user with shares and usage. */
static int
glossary(const struct ctx *c, char **names, int n, struct fs_buf *b,
	 struct fs_err *e)
{
	uint32_t u;

	if (n && fs_explain_find_user(&c->tr, names[0], &u, e) < 0)
		return -1;
	if (!n && (u = fs_explain_glossary_user(&c->tr)) == FS_NONE)
		return fs_error(e, 0, "the tree has no user association to "
				"show the numbers of");
	fs_explain_glossary(b, &c->tr, &c->ro, c->half_life, u);
	return 0;
}

/* --usage-by NAME: an account (root and FairShare=parent too), or a
 * user's: the account whose list it competes in. */
static int
usage_by(const struct ctx *c, const char *spec, struct fs_buf *b,
	 struct fs_err *e)
{
	struct fs_err user_err = *e;
	struct fs_usage_by u;
	uint32_t i, acct;

	if (fs_explain_find_user(&c->tr, spec, &i, &user_err) == 0) {
		acct = c->tr.node[i].fs_parent;
	} else if (!strchr(spec, '/') && *spec &&
		   (i = fs_tree_find_account(&c->tr, spec)) != FS_NONE) {
		acct = i;
	} else {
		*e = user_err;
		return -1;
	}
	fs_explain_usage_by(&c->tr, &c->ro, acct, SHOW_BEFORE, &u);
	if (c->json)
		fs_explain_json_usage_by(b, &c->tr, &c->ro, i, &u);
	else
		fs_explain_usage_text(b, &c->tr, &c->ro, i, &u);
	fs_explain_usage_by_release(&u);
	return 0;
}

/* Answer one question (one or two names) into b: 0, -1 with e set, or
 * -2 when the quick reader's tree is not enough (nothing written). */
static int
answer(const struct ctx *c, char **names, int n, struct fs_buf *b,
       struct fs_err *e)
{
	uint32_t u[2], up;
	int k;

	if (c->glossary)
		return glossary(c, names, n, b, e);
	if (c->usage_by)
		return usage_by(c, names[0], b, e);
	for (k = 0; k < n; k++)
		if (fs_explain_find(&c->tr, names[k], &u[k], e) < 0)
			return -1;
	if (n == 2 && (up = fs_explain_nested(&c->tr, u[0], u[1])) != FS_NONE)
		return fs_error(e, 0, "'%s' is under '%s': the two never "
				"compete (name two that are not one under the "
				"other)", names[up == u[0]], names[up != u[0]]);
	if (n == 2) {
		struct fs_explain x;

		fs_explain_pair(&c->tr, &c->ro, u[0], u[1], &x);
		if (quick_short(c, &x))
			return -2;
		if (c->json)
			fs_explain_json_pair(b, &c->tr, &c->ro, c->half_life, &x);
		else
			text_pair(b, c, &x);
	} else {
		struct fs_explain_path p;
		struct fs_explain x, *pass = NULL;
		const struct fs_explain_step *s;

		fs_explain_path_init(&p, &c->tr, u[0]);
		/* An account: what passing the sibling before it takes. */
		if (!c->tr.node[u[0]].is_user && p.nstep &&
		    (s = fs_explain_path_step(&p, p.nstep - 1))->nbefore) {
			fs_explain_pair(&c->tr, &c->ro, u[0],
					s->before[s->nbefore - 1], &x);
			pass = &x;
			if (quick_short(c, &x)) {
				fs_explain_path_release(&p);
				return -2;
			}
		}
		if (c->json)
			fs_explain_json_path(b, &c->tr, &c->ro, c->half_life,
					     &p, pass);
		else
			text_path(b, c, &p, pass);
		fs_explain_path_release(&p);
	}
	return 0;
}

/* ---------------------------------------------------------- forecast */

/* "2 days 3 h 5 min", "45 min", "0 min". */
static const char *
span(long long t)
{
	static char s[2][96];
	static int k;
	char *p = s[k++ % 2];
	long long d = t / 86400, h = t % 86400 / 3600, m = t % 3600 / 60;
	int n = 0;

	p[0] = '\0';
	if (d)
		n += snprintf(p + n, 96 - (size_t)n, "%lld day%s", d,
			      d == 1 ? "" : "s");
	if (h)
		n += snprintf(p + n, 96 - (size_t)n, "%s%lld h", n ? " " : "", h);
	if (m || !n)
		n += snprintf(p + n, 96 - (size_t)n, "%s%lld min", n ? " " : "",
			      m);
	if (t % 60)
		snprintf(p + n, 96 - (size_t)n, " %lld s", t % 60);
	return p;
}

static const char *
iso(long long t)
{
	static char s[2][32];
	static int k;
	char *p = s[k++ % 2];

	fs_iso_time(t, p);
	return p;
}

/* The users with a value in v[] (billing per second, or usage), in a
 * sentence: "astro/bob 4, chem/grace 2.5", at most SHOW_BEFORE. */
static void
list_values(struct fs_buf *b, const struct fs_tree *tr, const double *v,
	    double div)
{
	uint32_t k, n = 0;

	for (k = 0; k < tr->n; k++) {
		uint32_t i = tr->order[k];

		if (!tr->node[i].is_user || !(v[i] > 0))
			continue;
		if (n < SHOW_BEFORE)
			fs_buf_printf(b, "%s%s %s", n ? ", " : "", name(tr, i),
				      raw(v[i] / div));
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(b, " and %u more", n - SHOW_BEFORE);
}

static void
text_side(struct fs_buf *b, const struct ctx *c, const struct fs_cost_side *s)
{
	const struct fs_tree *tr = &c->tr;

	if (tr->node[s->node].is_user)
		para(b, 4, "%s: FairShare %.6f, rank %u of %u (usage %s)",
		     name(tr, s->node), s->fs, s->rank, tr->user_count,
		     raw(s->usage));
	else
		para(b, 4, "account %s: Level FS %s, %s of %u in its list "
		     "(usage %s)", name(tr, s->node), f6(s->level_fs),
		     ordinal(s->place), s->count, raw(s->usage));
}

/* The jobs of sacct output in file path ('-': standard input) into j,
 * its text kept in text: 0, or -1 with e set. */
static int
read_jobs(const char *path, const struct fs_tree *tr, struct fs_jobs *j,
	  struct fs_buf *text, struct fs_err *e)
{
	FILE *jf = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct fs_err je = {path, 0, ""};
	int st;

	if (!jf) {
		fs_error(e, 0, "%s: %s", path, strerror(errno));
		e->file = NULL;
		return -1;
	}
	st = fs_slurp(jf, text, &je);
	if (jf != stdin)
		fclose(jf);
	if (st < 0 || fs_jobs_parse(j, text->data, text->len, tr, 1, &je) < 0) {
		*e = je;
		return -1;
	}
	return 0;
}

/* The running jobs of --running in a sentence: "job 12 astro/bob billing
 * 4 to 2026-11-20T10:00:00Z", at most SHOW_BEFORE; how many charge. */
static size_t
list_jobs(struct fs_buf *b, const struct fs_tree *tr, const struct fs_jobs *j,
	  long long from)
{
	size_t k, n = 0;

	for (k = 0; k < j->n; k++) {
		const struct fs_job *jb = &j->job[k];
		long long end = fs_forecast_job_end(jb);

		if (end <= from)
			continue;
		if (n < SHOW_BEFORE) {
			fs_buf_printf(b, "%sjob %s %s billing %s to ",
				      n ? ", " : "", jb->id, name(tr, jb->assoc),
				      raw(jb->billing));
			fs_buf_addstr(b, end == FS_JOB_RUNNING
						 ? "the horizon (no time limit)"
						 : iso(end));
		}
		n++;
	}
	if (n > SHOW_BEFORE)
		fs_buf_printf(b, " and %zu more", n - SHOW_BEFORE);
	return n;
}

/* The forecast's question, assumptions and answer into b: 0, or -1 with
 * e set. */
static int
forecast(const struct ctx *c, const struct opts *o, char **names, int n,
	 struct fs_buf *b, struct fs_err *e)
{
	const struct fs_tree *tr = &c->tr;
	const struct fs_header *h = &c->t.h;
	struct fs_forecast_opts f;
	struct fs_forecast r;
	struct fs_jobs jobs, running;
	struct fs_buf text, rtext, l;
	double *rate, *run;
	long nrun = 0;
	long long taken = 0, period = FS_SLURM_CALC_PERIOD;
	struct fs_meta_common mc;
	uint32_t u[2] = {FS_NONE, FS_NONE}, i;
	size_t k;
	int ret = -1, has_taken, nrates = 0;
	const char *goal_words = NULL;
	char *end;

	memset(&f, 0, sizeof(f));
	memset(&jobs, 0, sizeof(jobs));
	memset(&running, 0, sizeof(running));
	fs_buf_init(&text);
	fs_buf_init(&rtext);
	fs_buf_init(&l);
	rate = fs_xcalloc(tr->n, sizeof(*rate));
	run = fs_xcalloc(tr->n, sizeof(*run));
	for (k = 0; k < (size_t)n; k++)
		if (fs_explain_find(tr, names[k], &u[k], e) < 0)
			goto out;
	if (n == 2 && (i = fs_explain_nested(tr, u[0], u[1])) != FS_NONE) {
		fs_error(e, 0, "'%s' is under '%s': the two never compete "
			 "(name two that are not one under the other)",
			 names[i == u[0]], names[i != u[0]]);
		goto out;
	}
	if (n == 2 && u[0] == u[1]) {
		fs_error(e, 0, "'%s' and '%s' are the same association",
			 names[0], names[1]);
		goto out;
	}
	f.who = u[0];
	f.other = u[1];
	f.goal = FS_GOAL_PASS;
	if (o->until) {
		if (!tr->node[u[0]].is_user) {
			fs_error(e, 0, "--until: '%s' is an account; FairShare "
				 "and rank are a user's", names[0]);
			goto out;
		}
		if (!strncmp(o->until, "fairshare=", 10)) {
			f.goal = FS_GOAL_FAIRSHARE;
			f.fairshare = strtod(o->until + 10, &end);
			goal_words = "FairShare";
		} else {
			f.goal = FS_GOAL_RANK;
			f.rank = (uint32_t)strtoul(o->until + 5, &end, 10);
			if (f.rank > tr->user_count) {
				fs_error(e, 0, "--until rank=%u: the tree has "
					 "%u users", f.rank, tr->user_count);
				goto out;
			}
		}
	}
	if (fs_meta_common_read(h, FS_META_CALC_PERIOD | FS_META_TAKEN, &mc,
				e) < 0)
		goto out;
	period = mc.calc_period;
	has_taken = mc.has_taken;
	taken = has_taken ? mc.taken : (long long)time(NULL);
	f.from = taken;
	f.horizon = o->horizon;
	f.period = period;
	f.step = 3600;
	f.law.half_life = (long long)c->half_life;
	if (fs_forecast_runs(&f) > FS_FORECAST_MAX_RUNS) {
		fs_error(e, fs_header_meta_line(h, "calc_period"),
			 "--horizon %s: %lld decay runs of %lld s "
			 "(calc_period); a forecast steps through at most %lld, "
			 "%s of them", span(o->horizon), fs_forecast_runs(&f),
			 period, FS_FORECAST_MAX_RUNS,
			 span(FS_FORECAST_MAX_RUNS * period));
		goto out;
	}

	/* The rates: --rate-from, then --rate over it. */
	if (o->rate_from) {
		if (read_jobs(o->rate_from, tr, &jobs, &text, e) < 0)
			goto out;
		fs_forecast_rates(tr, &jobs, taken - o->window, taken, rate);
	}
	for (k = 0; k < o->nrate; k++) {
		const char *eq = strrchr(o->rate[k], '=');
		char *nm = fs_xstrdup(o->rate[k]);
		double v;

		nm[eq - o->rate[k]] = '\0';
		v = strtod(eq + 1, NULL);
		if (fs_explain_find_user(tr, nm, &i, e) < 0) {
			char msg[sizeof(e->msg)];

			snprintf(msg, sizeof(msg), "--rate %s: %s", o->rate[k],
				 e->msg);
			snprintf(e->msg, sizeof(e->msg), "%s", msg);
			free(nm);
			goto out;
		}
		free(nm);
		rate[i] = v;
	}
	for (i = 0; i < tr->n; i++)
		nrates += rate[i] > 0;
	if (o->running) {
		if (read_jobs(o->running, tr, &running, &rtext, e) < 0)
			goto out;
		if (!running.has_limit) {
			fs_error(e, 1, "no Timelimit column: the forecast runs "
				 "each job to its time limit (run 'sacct -a -X "
				 "-P -s R -o JobID,User,Account,Partition,"
				 "Start,End,AllocTRES,Timelimit')");
			e->file = o->running;
			goto out;
		}
		f.jobs = &running;
	} else if (!o->no_running &&
		   (nrun = fs_forecast_running(tr, run, e)) < 0) {
		goto out;
	}
	f.rate = rate;
	f.run = o->running ? NULL : run;
	fs_forecast_run(tr, &c->ro, &f, &r);
	if (o->json) {
		struct fs_forecast_info in;

		memset(&in, 0, sizeof(in));
		in.has_taken = has_taken;
		in.running_file = o->running;
		in.running = &running;
		in.no_running = o->no_running;
		in.has_run_col = fs_header_col(h, FS_COL_TRES_RUN_MINS) >= 0;
		in.rate_from = o->rate_from;
		in.window = o->window;
		in.rate_unknown = jobs.unknown;
		fs_explain_json_forecast(b, tr, &c->ro, c->half_life, &f, &r,
					 &in);
		goto answered;
	}

	/* The question. */
	text_whatif(b, c);
	if (f.goal == FS_GOAL_PASS) {
		uint32_t lo = u[r.lower], hi = u[!r.lower];

		fs_buf_printf(b, "Forecast: when %s ranks above %s.\n",
			      name(tr, lo), name(tr, hi));
	} else if (goal_words) {
		fs_buf_printf(b, "Forecast: when %s reaches FairShare %s.\n",
			      name(tr, u[0]), raw(f.fairshare));
	} else {
		fs_buf_printf(b, "Forecast: when %s reaches rank %u of %u.\n",
			      name(tr, u[0]), f.rank, tr->user_count);
	}
	fs_buf_printf(b, "Now (%s):\n", has_taken ? iso(taken)
						  : "no date in the tree: now");
	text_side(b, c, &r.before[0]);
	if (f.goal == FS_GOAL_PASS)
		text_side(b, c, &r.before[1]);

	/* The assumptions. */
	fs_buf_printf(b, "Assuming:\n");
	para(b, 2, "- decay as Slurm runs it: %s, every %lld s "
	     "(PriorityCalcPeriod); %s ranking;", half_life_words(c->half_life),
	     period, fs_algorithm_name(c->ro.algorithm));
	l.len = 0;
	fs_buf_addstr(&l, "");
	if (o->running) {
		nrun = (long)list_jobs(&l, tr, &running, taken);
		if (!nrun)
			para(b, 2, "- running jobs: none that still charge "
			     "(%s);", o->running);
		else
			para(b, 2, "- running jobs run to their time limit, "
			     "each charged at every decay run until it ends "
			     "(%s): %s;", o->running, l.data);
		if (running.unknown)
			para(b, 4, "(%zu job%s of associations not in the "
			     "tree left out)", running.unknown,
			     running.unknown == 1 ? "" : "s");
	} else if (o->no_running)
		para(b, 2, "- running jobs: left out (--no-running);");
	else if (fs_header_col(h, FS_COL_TRES_RUN_MINS) < 0)
		para(b, 2, "- running jobs: none known (the tree has no "
		     "TRESRunMins);");
	else if (!nrun)
		para(b, 2, "- running jobs: none (TRESRunMins is 0 for every "
		     "user);");
	else {
		list_values(&l, tr, run, 60);
		para(b, 2, "- running jobs run to their time limit: what they "
		     "still charge (TRESRunMins, billing minutes) is charged "
		     "at once: %s;", l.data);
	}
	l.len = 0;
	fs_buf_addstr(&l, "");
	if (!nrates) {
		para(b, 2, "- no new usage from anyone%s;",
		     o->rate_from ? " (no jobs in the window)" : "");
	} else {
		list_values(&l, tr, rate, 1);
		para(b, 2, "- new usage at a steady rate, in billing units busy "
		     "all the time (CPUs without TRESBillingWeights): %s; "
		     "everyone else none;", l.data);
		if (o->rate_from) {
			l.len = 0;
			fs_buf_addstr(&l, "");
			if (jobs.unknown)
				fs_buf_printf(&l, "; %zu job%s of associations "
					      "not in the tree left out",
					      jobs.unknown,
					      jobs.unknown == 1 ? "" : "s");
			para(b, 4, "(the mean of %s's jobs over the %s "
			     "before the tree's time%s%s)", o->rate_from,
			     span(o->window),
			     o->nrate ? ", with --rate over it" : "", l.data);
		}
	}

	if (r.step)
		para(b, 2, "- looking %s ahead (--horizon); ranked again every "
		     "%s, and at every decay run of the step where it first "
		     "holds.", span(o->horizon), span(r.step));
	else
		para(b, 2, "- looking %s ahead (--horizon).", span(o->horizon));

	/* The answer. */
	switch (r.state) {
	case FS_FORECAST_NOW:
		fs_buf_printf(b, "Answer: already so now.\n");
		goto answered;
	case FS_FORECAST_AT:
		fs_buf_printf(b, "Answer: at %s, in %s (decay run %lu).\n",
			      iso(r.at), span(r.at - taken), r.cycles);
		fs_buf_printf(b, "Then:\n");
		break;
	case FS_FORECAST_NOT:
		fs_buf_printf(b, "Answer: not within %s (by %s).\n",
			      span(o->horizon), iso(r.at));
		fs_buf_printf(b, "Then:\n");
		break;
	}
	text_side(b, c, &r.after[0]);
	if (f.goal == FS_GOAL_PASS)
		text_side(b, c, &r.after[1]);
	if (r.state == FS_FORECAST_NOT && !nrates && !nrun)
		para(b, 0, "With no new usage, decay multiplies every usage by "
		     "the same factor and no order changes: give the others' "
		     "rates (--rate, --rate-from) for a forecast that can "
		     "move.");
answered:
	ret = 0;
out:
	fs_jobs_release(&jobs);
	fs_jobs_release(&running);
	fs_buf_release(&text);
	fs_buf_release(&rtext);
	fs_buf_release(&l);
	free(rate);
	free(run);
	return ret;
}

/* Metadata sets the defaults; options win. Returns 0, -1 (bad data) or
 * -2 (bad option). */
static int
setup(struct ctx *c, const struct opts *o, struct fs_err *e)
{
	const struct fs_header *h = &c->t.h;
	struct fs_meta_common mc;
	enum fs_algorithm a;

	if (o->algorithm && fs_algorithm_parse(o->algorithm, &a) < 0) {
		fs_error(e, 0, "unknown algorithm '%s' (fairtree, classic or "
			 "depth-oblivious)", o->algorithm);
		return -2;
	}
	if (fs_rank_opts_from_meta(&c->ro, h, o->algorithm,
				   !o->ties ? -1
				   : !strcmp(o->ties, "merge") ? FS_TIES_MERGE
							       : FS_TIES_SLURM,
				   0, e) < 0)
		return -1;
	if (fs_meta_common_read(h, FS_META_HALF_LIFE, &mc, e) < 0)
		return -1;
	c->half_life = (double)mc.half_life;
	return 0;
}


/* Read, check and rank the tree: an exit code. */
static int
load(struct ctx *c, const struct opts *o, FILE *in, struct fs_err *e)
{
	int r;

	memset(c, 0, sizeof(*c));
	c->name = e->file;
	c->json = o->json;
	c->usage_by = o->usage_by;
	c->glossary = o->glossary;
	if (fs_table_read_cols(&c->t, in,
			       o->forecast ? fs_forecast_input_cols
					   : fs_tree_input_cols, e) < 0)
		return FS_EXIT_DATA;
	if (o->nwhatif) {
		/* The changed tree in place of the one read. */
		c->orig = c->t;
		if (fs_whatif_apply(&c->orig, o->whatif, o->nwhatif, &c->t,
				    e) < 0)
			return FS_EXIT_DATA;
	}
	if ((r = setup(c, o, e)) < 0)
		return r == -2 ? FS_EXIT_USAGE : FS_EXIT_DATA;
	if (fs_tree_build(&c->tr, &c->t, e) < 0)
		return FS_EXIT_DATA;
	fs_rank(&c->tr, &c->ro);
	return FS_EXIT_OK;
}

static void unload(struct ctx *c);

/* The quick reader's small tree for plain A B or A (Fair Tree, Slurm's
 * ties), ranked: 1, or 0 with nothing kept (read the full way). */
static int
quick_load(struct ctx *c, const struct opts *o, FILE *in, char **names,
	   int n, struct fs_err *e)
{
	struct fs_explain_read x;
	struct fs_err keep = *e;
	enum fs_algorithm a;

	if (o->interactive || o->forecast || o->json || o->nwhatif ||
	    o->usage_by || o->glossary ||
	    (o->ties && strcmp(o->ties, "slurm")) ||
	    (o->algorithm && (fs_algorithm_parse(o->algorithm, &a) < 0 ||
			      a != FS_ALG_FAIRTREE)) ||
	    !fs_explain_read(&x, fileno(in), fs_tree_input_cols, names, n))
		return 0;
	memset(c, 0, sizeof(*c));
	c->name = e->file;
	c->t = x.t;
	c->tr = x.tr;
	c->tr.t = &c->t;
	x.tabled = x.built = 0;
	if (setup(c, o, e) < 0 || c->ro.algorithm != FS_ALG_FAIRTREE ||
	    c->ro.ties != FS_TIES_SLURM)
		goto no;
	/* Levels only: fs_explain_read_ranks ranks the named users for the
	 * whole tree (the small tree's walk would rank them in it). */
	fs_fairtree_levels(&c->tr);
	if (!fs_explain_read_ranks(&x, &c->tr, names, n))
		goto no;
	fs_explain_read_release(&x);
	c->quick = 1;
	return 1;
no:
	*e = keep;
	fs_explain_read_release(&x);
	unload(c);
	return 0;
}

static void
unload(struct ctx *c)
{
	fs_tree_release(&c->tr);
	fs_table_release(&c->t);
	if (c->orig.buf.data)
		fs_table_release(&c->orig);
}

/* ------------------------------------------------------ interactive */

static const char help_text[] =
	"  A B     why A ranks below (or above) B, e.g. 'alice bob'\n"
	"  A       A's path from root and who goes before it at each step\n"
	"  help    this help\n"
	"  quit    leave (also Ctrl-D)\n"
	"A user is USER, ACCOUNT/USER or ACCOUNT/USER/PARTITION; Tab completes\n"
	"user and account names, Up and Down walk the history.\n";

static char **cands;
static size_t ncands;

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Words Tab can complete: commands, user names alone, ACCOUNT/ for every
 * account and ACCOUNT/USER[/PARTITION] for every association. */
static void
cands_build(const struct fs_tree *tr)
{
	uint32_t i;
	size_t k, m;
	struct fs_buf b;

	cands = fs_xcalloc(2 * (size_t)tr->n + 2, sizeof(*cands));
	cands[ncands++] = fs_xstrdup("help");
	cands[ncands++] = fs_xstrdup("quit");
	fs_buf_init(&b);
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		b.len = 0;
		fs_buf_addstr(&b, "");
		if (a->is_user) {
			fs_buf_name(&b, a->user);
			cands[ncands++] = fs_xstrdup(b.data);
			b.len = 0;
			b.data[0] = '\0';
			put_name(&b, tr, i);
		} else {
			fs_buf_name(&b, a->acct);
			fs_buf_addch(&b, '/');
		}
		cands[ncands++] = fs_xstrdup(b.data);
	}
	fs_buf_release(&b);
	qsort(cands, ncands, sizeof(*cands), cmp_str);
	for (k = m = 0; k < ncands; k++) {
		if (m && !strcmp(cands[m - 1], cands[k]))
			free(cands[k]);
		else
			cands[m++] = cands[k];
	}
	ncands = m;
}

static void
cands_free(void)
{
	size_t k;

	for (k = 0; k < ncands; k++)
		free(cands[k]);
	free(cands);
	cands = NULL;
	ncands = 0;
}

#ifdef HAVE_READLINE
static char *
cand_next(const char *text, int state)
{
	static size_t k, len;

	if (!state) {
		k = 0;
		len = strlen(text);
	}
	while (k < ncands)
		if (!strncmp(cands[k++], text, len))
			return strdup(cands[k - 1]);	/* readline frees */
	return NULL;
}

static char **
complete(const char *text, int start, int end)
{
	char **m;

	(void)start;
	(void)end;
	rl_attempted_completion_over = 1;	/* no file names */
	m = rl_completion_matches(text, cand_next);
	/* "acct/" is a prefix: no space after it. */
	if (m && !m[1] && *m[0] && m[0][strlen(m[0]) - 1] == '/')
		rl_completion_suppress_append = 1;
	return m;
}

static char *
get_line(FILE *tty, FILE *out)
{
	(void)out;
	(void)tty;
	return readline("fs-explain> ");
}
#else
static char *
get_line(FILE *tty, FILE *out)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	fputs("fs-explain> ", out);
	fflush(out);
	n = getline(&line, &cap, tty);
	if (n < 0) {
		free(line);
		return NULL;
	}
	if (n && line[n - 1] == '\n')
		line[n - 1] = '\0';
	return line;
}
#endif

static int
interactive(struct ctx *c, FILE *tty)
{
	FILE *out = stdout;
	struct fs_buf b;
	struct fs_err e;
	char *line, *w[3], *p, *save;
	int n;

	cands_build(&c->tr);
	fs_buf_init(&b);
#ifdef HAVE_READLINE
	rl_readline_name = "fs-explain";
	rl_instream = tty;
	rl_outstream = stdout;
	rl_attempted_completion_function = complete;
	rl_basic_word_break_characters = " \t";
	using_history();
#endif
	fprintf(out, "%u users in %s. Type 'A B', 'A', help or quit.\n",
		c->tr.user_count, c->name);
	while ((line = get_line(tty, out))) {
#ifdef HAVE_READLINE
		if (*line)
			add_history(line);
#endif
		n = 0;
		for (p = strtok_r(line, " \t", &save); p;
		     p = strtok_r(NULL, " \t", &save))
			w[n < 3 ? n++ : 2] = p;
		if (!n) {
			free(line);
			continue;
		}
		if (n == 1 && (!strcmp(w[0], "quit") || !strcmp(w[0], "exit") ||
			       !strcmp(w[0], "q"))) {
			free(line);
			break;
		}
		if (n == 1 && (!strcmp(w[0], "help") || !strcmp(w[0], "?"))) {
			fputs(help_text, out);
		} else if (n > 2) {
			fprintf(out, "expected 'A B', 'A', help or quit\n");
		} else {
			b.len = 0;
			e.file = c->name;
			e.line = 0;
			if (answer(c, w, n, &b, &e) < 0) {
				fflush(out);
				fs_err_print(&e);
			} else {
				fs_write_all(out, b.data, b.len);
			}
		}
		fflush(out);
		free(line);
	}
	fs_buf_release(&b);
	cands_free();
#ifdef HAVE_READLINE
	clear_history();
#endif
	return ferror(out) ? FS_EXIT_DATA : FS_EXIT_OK;
}

/* The program, its options in *o (freed by main, whatever it returns). */
static int
run(int argc, char **argv, struct opts *o)
{
	enum { O_TIES = 256, O_JSON, O_ALG, O_SHARES, O_USAGE, O_FORECAST,
	       O_UNTIL, O_RATE, O_RATE_FROM, O_WINDOW, O_HORIZON,
	       O_NO_RUNNING, O_RUNNING, O_USAGE_BY, O_GLOSSARY };
	static const struct option lo[] = {
		{"algorithm", required_argument, NULL, O_ALG},
		{"ties", required_argument, NULL, O_TIES},
		{"json", no_argument, NULL, O_JSON},
		{"interactive", no_argument, NULL, 'i'},
		{"shares", required_argument, NULL, O_SHARES},
		{"usage", required_argument, NULL, O_USAGE},
		{"forecast", no_argument, NULL, O_FORECAST},
		{"until", required_argument, NULL, O_UNTIL},
		{"rate", required_argument, NULL, O_RATE},
		{"rate-from", required_argument, NULL, O_RATE_FROM},
		{"window", required_argument, NULL, O_WINDOW},
		{"horizon", required_argument, NULL, O_HORIZON},
		{"no-running", no_argument, NULL, O_NO_RUNNING},
		{"running", required_argument, NULL, O_RUNNING},
		{"usage-by", no_argument, NULL, O_USAGE_BY},
		{"glossary", no_argument, NULL, O_GLOSSARY},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	struct ctx c;
	struct fs_err e;
	struct fs_buf b;
	const char *file = NULL;
	char **names;
	int ch, nnames, ret, slurm_form, quick, r;
	FILE *in = stdin, *tty = NULL;
	enum fs_algorithm alg;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	o->window = 7 * 86400;
	o->horizon = 30 * 86400;
	while ((ch = getopt_long(argc, argv, "ihV", lo, NULL)) != -1) {
		switch (ch) {
		case O_ALG:
			if (fs_algorithm_parse(optarg, &alg) < 0) {
				fs_warn("--algorithm: expected fairtree, classic "
					"or depth-oblivious, not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			o->algorithm = optarg;
			break;
		case O_TIES:
			if (strcmp(optarg, "slurm") && strcmp(optarg, "merge")) {
				fs_warn("--ties: expected 'slurm' or 'merge', "
					"not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			o->ties = optarg;
			break;
		case O_JSON:
			o->json = 1;
			break;
		case 'i':
			o->interactive = 1;
			break;
		case O_SHARES:
		case O_USAGE:
			e.file = NULL;
			if (fs_whatif_add(&o->whatif, &o->nwhatif,
					  ch == O_SHARES ? FS_WHATIF_SHARES
							 : FS_WHATIF_USAGE,
					  optarg, &e) < 0) {
				fs_err_print(&e);
				return FS_EXIT_USAGE;
			}
			break;
		case O_FORECAST:
			o->forecast = 1;
			break;
		case O_UNTIL:
			if (!until_ok(optarg)) {
				fs_warn("--until: expected fairshare=X (0 to 1) "
					"or rank=N (1 or more), not '%s'",
					optarg);
				return FS_EXIT_USAGE;
			}
			o->until = optarg;
			o->forecast = 1;
			break;
		case O_RATE:
			if (!rate_ok(optarg)) {
				fs_warn("--rate: expected USER=B, B billing "
					"units (0 or more), not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			o->rate = fs_xrealloc(o->rate, (o->nrate + 1) *
							     sizeof(*o->rate));
			o->rate[o->nrate++] = optarg;
			o->forecast = 1;
			break;
		case O_RATE_FROM:
			o->rate_from = optarg;
			o->forecast = 1;
			break;
		case O_WINDOW:
		case O_HORIZON:
			e.file = NULL;
			if (fs_parse_duration(optarg, ch == O_WINDOW ? &o->window
								     : &o->horizon,
					      &slurm_form, &e) < 0 ||
			    (ch == O_WINDOW ? o->window : o->horizon) <= 0) {
				fs_warn("--%s: expected a time span above 0 "
					"(7d, 36h, 2-0), not '%s'",
					ch == O_WINDOW ? "window" : "horizon",
					optarg);
				return FS_EXIT_USAGE;
			}
			if (ch == O_HORIZON &&
			    o->horizon > FS_FORECAST_MAX_HORIZON) {
				fs_warn("--horizon: at most 100 years (36525d) "
					"ahead, not '%s' (%s)", optarg,
					span(o->horizon));
				return FS_EXIT_USAGE;
			}
			o->forecast = 1;
			break;
		case O_NO_RUNNING:
			o->no_running = 1;
			o->forecast = 1;
			break;
		case O_RUNNING:
			o->running = optarg;
			o->forecast = 1;
			break;
		case O_USAGE_BY:
			o->usage_by = 1;
			break;
		case O_GLOSSARY:
			o->glossary = 1;
			break;
		default:
			return fs_opt_other(ch, synopsis, usage);
		}
	}
	if (o->forecast && o->interactive) {
		fs_warn("--forecast: not with -i (one question)");
		return fs_usage_error(synopsis);
	}
	if ((o->usage_by || o->glossary) &&
	    (o->forecast || o->interactive || (o->usage_by && o->glossary) ||
	     (o->glossary && o->json))) {
		fs_warn("--%s: %s", o->usage_by ? "usage-by" : "glossary",
			o->usage_by && o->glossary ? "not with --glossary"
			: o->forecast ? "not with --forecast"
			: o->interactive ? "not with -i (one question)"
					 : "not with --json (it is text)");
		return fs_usage_error(synopsis);
	}
	names = argv + optind;
	nnames = argc - optind;
	if (o->glossary) {
		/* [USER] [FILE]: one name is FILE when it is - or a file. */
		if (nnames == 2 || (nnames == 1 && (!strcmp(names[0], "-") ||
						    !access(names[0], F_OK))))
			file = names[--nnames];
		if (nnames > 1) {
			fs_warn("too many arguments: --glossary [USER] [FILE]");
			return fs_usage_error(synopsis);
		}
	} else if (o->interactive) {
		if (nnames > 1) {
			fs_warn("too many arguments: with -i, one FILE at most");
			return fs_usage_error(synopsis);
		}
		file = nnames ? names[0] : NULL;
		nnames = 0;
	} else {
		/* USER FILE or USER_A USER_B: FILE is - or an existing file. */
		if (nnames == 3 || (nnames == 2 && (!strcmp(names[1], "-") ||
						    !access(names[1], F_OK))))
			file = names[--nnames];
		if (nnames < 1 || nnames > 2) {
			fs_warn(nnames ? "too many arguments"
				       : "name a user or account, or two");
			return fs_usage_error(synopsis);
		}
		if (o->usage_by && nnames != 1) {
			fs_warn("--usage-by: name one account or user");
			return fs_usage_error(synopsis);
		}
		if (o->forecast && (nnames == 2) == !!o->until) {
			fs_warn(o->until ? "--until: name one user"
					: "--forecast: name two (A B), or one "
					  "with --until");
			return fs_usage_error(synopsis);
		}
	}
	if (file && !strcmp(file, "-"))
		file = NULL;
	if (o->running && o->no_running) {
		fs_warn("--running and --no-running: choose one");
		return fs_usage_error(synopsis);
	}
	if (o->running && o->rate_from && !strcmp(o->running, "-") &&
	    !strcmp(o->rate_from, "-")) {
		fs_warn("--running - and --rate-from -: one standard input; "
			"give one of them in a file");
		return fs_usage_error(synopsis);
	}
	if (!file && ((o->rate_from && !strcmp(o->rate_from, "-")) ||
		      (o->running && !strcmp(o->running, "-")))) {
		fs_warn("--%s -: the tree comes on standard input; give "
			"FILE, or the jobs in a file",
			o->running && !strcmp(o->running, "-") ? "running"
							       : "rate-from");
		return fs_usage_error(synopsis);
	}
	if (o->interactive && !file && isatty(STDIN_FILENO)) {
		fs_warn("-i needs FILE (or the tree on a pipe): standard input "
			"is the terminal the prompt reads");
		return FS_EXIT_USAGE;
	}
	e.line = 0;
	e.msg[0] = '\0';
	if (!(in = fs_open_input(file, &e.file)))
		return FS_EXIT_DATA;
	/* The quick reader reads the file at offsets, not through in: in
	 * stays where it is, for the full reader when the quick one gives
	 * up, now or in answer() (-2). */
	quick = quick_load(&c, o, in, names, nnames, &e);
	ret = quick ? FS_EXIT_OK : load(&c, o, in, &e);
	if (!quick)
		fs_close_input(in);
	if (ret != FS_EXIT_OK) {
		fs_err_print(&e);
		unload(&c);
		return ret;
	}
	e.line = 0;
	if (o->interactive) {
		if (!file && !(tty = fopen("/dev/tty", "r"))) {
			fs_warn("/dev/tty: %s (the prompt needs a terminal)",
				strerror(errno));
			unload(&c);
			return FS_EXIT_DATA;
		}
		ret = interactive(&c, tty ? tty : stdin);
		if (tty)
			fclose(tty);
	} else {
		fs_buf_init(&b);
		c.out = stdout;
		r = quick ? answer(&c, names, nnames, &b, &e) : 0;
		if (r == -2) {
			/* More than the small tree holds: the full way. */
			unload(&c);
			b.len = 0;
			ret = load(&c, o, in, &e);
			c.out = stdout;
		}
		if (quick)
			fs_close_input(in);
		if (ret != FS_EXIT_OK) {
			fs_err_print(&e);
			unload(&c);
			fs_buf_release(&b);
			return ret;
		}
		if (!quick || r == -2)
			r = o->forecast ? forecast(&c, o, names, nnames, &b, &e)
					: answer(&c, names, nnames, &b, &e);
		if (r < 0) {
			fs_err_print(&e);
			ret = FS_EXIT_DATA;
		} else if (fs_write_all(stdout, b.data, b.len) < 0) {
			ret = FS_EXIT_DATA;
		}
		fs_buf_release(&b);
	}
	unload(&c);
	free_names();
	ch = fs_stdout_close();
	return ret ? ret : ch;
}

int
main(int argc, char **argv)
{
	struct opts o;
	int ret;

	memset(&o, 0, sizeof(o));
	ret = run(argc, argv, &o);
	fs_whatif_free(o.whatif, o.nwhatif);
	free(o.rate);
	return ret;
}
