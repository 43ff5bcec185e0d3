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
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef HAVE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include "fs.h"

#define SHOW_BEFORE 8			/* --usage-by's users listed */

struct opts {
	const char *algorithm;		/* NULL: the tree's metadata */
	int ties;			/* -1: the tree's metadata */
	int json, interactive;
	int usage_by, glossary;		/* --usage-by, --glossary */
	struct fs_whatif *whatif;	/* --shares, --usage, in order */
	size_t nwhatif;
	/* --forecast: when will the lower one pass, or reach --until. */
	int forecast;
	struct fs_forecast_ask fc;
	struct fs_buf why;		/* what is wrong with an option */
};

/* Everything one tree gives: read once, asked many times with -i. */
struct ctx {
	struct fs_load x;		/* the tree, ranked */
	const char *name;		/* input name for messages */
	int json, usage_by, glossary;	/* the last two: the question asked */
	const struct fs_forecast_ask *forecast;	/* or this one; NULL: not */
	/* Where a long answer may be written as it is made, once every name
	 * in it is resolved (a write error stays in ferror); NULL: held in
	 * the buffer whole. */
	FILE *out;
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
		"pass the sibling walked before it.\n\n"
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
		"USER's numbers\n\n"
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
		"  -V, --version         the version\n\n"
		"With no FILE, or when FILE is -, read standard input. See "
		"fs-explain(1).\n");
}

/* ----------------------------------------------------------- the glue */

/* Answer one question (one or two names, or the forecast's) into b: 0,
 * -1 with e set, or -2 when the quick reader's tree is not enough
 * (nothing written). */
static int
answer(const struct ctx *c, char **names, int n, struct fs_buf *b,
       struct fs_err *e)
{
	const struct fs_load *x = &c->x;
	struct fs_explain_path p;
	struct fs_explain pair;
	const struct fs_explain *pass;
	uint32_t u[2];

	if (x->tr.subset)	/* one user's part: the path it holds */
		return fs_explain_part(b, &x->tr, &x->ro, names, n, !c->json &&
				       !c->usage_by && !c->glossary && !c->forecast, e);
	if (c->glossary)
		return fs_explain_glossary_for(b, &x->tr, &x->ro, x->half_life,
					       n ? names[0] : NULL, e);
	if (c->usage_by)
		return fs_explain_usage_by_for(b, &x->tr, &x->ro, names[0],
					       SHOW_BEFORE, c->json, e);
	if (c->forecast)
		return fs_forecast_answer(b, &x->tr, &x->ro, x->half_life,
					  c->forecast, names, n, c->json, e);
	if (fs_explain_find_names(&x->tr, names, n, u, e) < 0)
		return -1;
	if (n == 2) {
		fs_explain_pair(&x->tr, &x->ro, u[0], u[1], &pair);
		if (fs_load_quick_short(x, &pair))
			return -2;
		if (c->json)
			fs_explain_json_pair(b, &x->tr, &x->ro, x->half_life,
					     &pair);
		else
			fs_explain_text_pair(b, &x->tr, &x->ro, x->half_life,
					     &pair);
		return 0;
	}
	fs_explain_path_init(&p, &x->tr, u[0]);
	pass = fs_explain_path_pass(&x->tr, &x->ro, &p, &pair);
	if (pass && fs_load_quick_short(x, pass)) {
		fs_explain_path_release(&p);
		return -2;
	}
	if (c->json)
		fs_explain_json_path(b, &x->tr, &x->ro, x->half_life, &p, pass);
	else
		fs_explain_text_path(b, &x->tr, &x->ro, &p, pass, c->out);
	fs_explain_path_release(&p);
	return 0;
}

/* Read, check and rank the tree the full way, or (quick) the quick
 * reader's small tree for plain A B or A: an exit code, or (quick) 1 when
 * that was read and 0 when not (read the full way). */
static int
load(struct ctx *c, const struct opts *o, FILE *in, char **names, int n,
     int quick, struct fs_err *e)
{
	struct fs_load_opts lo = {.whatif = o->whatif, .nwhatif = o->nwhatif,
				  .algorithm = o->algorithm, .ties = o->ties,
				  .half_life = 1, .part = 1};
	int r;

	memset(c, 0, sizeof(*c));
	c->name = e->file;
	c->json = o->json;
	c->usage_by = o->usage_by;
	c->glossary = o->glossary;
	c->forecast = o->forecast ? &o->fc : NULL;
	lo.cols = o->forecast ? fs_forecast_input_cols : fs_tree_input_cols;
	if (quick)
		return !o->interactive && !o->forecast && !o->json &&
		       !o->usage_by && !o->glossary &&
		       fs_load_quick(&c->x, &lo, fileno(in), names, n, e);
	r = fs_load(&c->x, in, &lo, e);
	return r == -2 ? FS_EXIT_USAGE : r < 0 ? FS_EXIT_DATA : FS_EXIT_OK;
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
	(void)out, (void)tty;
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

	cands = fs_explain_completions(&c->x.tr, &ncands);
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
		c->x.tr.user_count, c->name);
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
	fs_explain_completions_free(cands, ncands);
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
	int ch, nnames, ret, quick, r, li;
	FILE *in = stdin, *tty = NULL;
	enum fs_algorithm alg;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	while ((ch = getopt_long(argc, argv, "ihV", lo, &li)) != -1) {
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
			o->ties = *optarg == 'm' ? FS_TIES_MERGE : FS_TIES_SLURM;
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
		case O_RATE:
		case O_RATE_FROM:
		case O_WINDOW:
		case O_HORIZON:
		case O_NO_RUNNING:
		case O_RUNNING:
			o->why.len = 0;
			if (fs_forecast_ask_set(&o->fc, lo[li].name, optarg,
						&o->why) < 0) {
				fs_warn("%s", o->why.data);
				return FS_EXIT_USAGE;
			}
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
		if (o->forecast && (nnames == 2) == (o->fc.goal != FS_GOAL_PASS)) {
			fs_warn(o->fc.goal != FS_GOAL_PASS ? "--until: name one user"
					: "--forecast: name two (A B), or one "
					  "with --until");
			return fs_usage_error(synopsis);
		}
	}
	if (file && !strcmp(file, "-"))
		file = NULL;
	o->why.len = 0;
	if (fs_forecast_ask_check(&o->fc, !file, &o->why) < 0) {
		fs_warn("%s", o->why.data);
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
	quick = load(&c, o, in, names, nnames, 1, &e);
	ret = quick ? FS_EXIT_OK : load(&c, o, in, names, nnames, 0, &e);
	if (!quick)
		fs_close_input(in);
	if (ret != FS_EXIT_OK) {
		fs_err_print(&e);
		fs_load_release(&c.x);
		return ret;
	}
	e.line = 0;
	if (o->interactive) {
		if (!file && !(tty = fopen("/dev/tty", "r"))) {
			fs_warn("/dev/tty: %s (the prompt needs a terminal)",
				strerror(errno));
			fs_load_release(&c.x);
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
			fs_load_release(&c.x);
			b.len = 0;
			ret = load(&c, o, in, names, nnames, 0, &e);
			c.out = stdout;
		}
		if (quick)
			fs_close_input(in);
		if (ret != FS_EXIT_OK) {
			fs_err_print(&e);
			fs_load_release(&c.x);
			fs_buf_release(&b);
			return ret;
		}
		if (!quick || r == -2)
			r = answer(&c, names, nnames, &b, &e);
		if (r < 0) {
			fs_err_print(&e);
			ret = FS_EXIT_DATA;
		} else if (fs_write_all(stdout, b.data, b.len) < 0) {
			ret = FS_EXIT_DATA;
		}
		fs_buf_release(&b);
	}
	fs_load_release(&c.x);
	ch = fs_stdout_close();
	return ret ? ret : ch;
}

int
main(int argc, char **argv)
{
	struct opts o;
	int ret;

	memset(&o, 0, sizeof(o));
	o.ties = -1;
	fs_forecast_ask_init(&o.fc);
	fs_buf_init(&o.why);
	ret = run(argc, argv, &o);
	fs_whatif_free(o.whatif, o.nwhatif);
	fs_forecast_ask_release(&o.fc);
	fs_buf_release(&o.why);
	return ret;
}
