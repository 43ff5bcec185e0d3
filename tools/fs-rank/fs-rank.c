/*
 * fs-rank: compute fairshare over a TSV tree.
 *
 * Reads one TSV tree (fs-tsv(5)) from FILE or standard input, computes every
 * association's normalised shares and usage, effective usage, Level FS,
 * fairshare factor and rank with Fair Tree (default), classic or
 * depth-oblivious, exactly as Slurm does, and writes the tree back with the
 * columns NormShares, NormUsage, EffectvUsage, LevelFS, FairShare and Rank
 * filled in, or prints it the way `sshare -a` would.
 *
 * The whole input is read and validated before the first byte is written.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fs.h"

struct opts {
	const char *algorithm;	/* NULL: the tree's metadata, else fairtree */
	int ties;		/* -1: the tree's metadata, else slurm */
	long dampening;		/* 0: the tree's metadata, else 1 */
	int sshare;		/* any sshare output option given */
	struct fs_sshare_opts so;
	int json, tree;		/* json: 1 fs-json, 2 sshare's document */
	const char *as_slurm;	/* --as-slurm */
	char **accounts, **users;	/* -A, -u: what is shown */
	struct fs_whatif *whatif;	/* --shares, --usage, in order */
	size_t nwhatif;
	const char *per_user;	/* --per-user DIR */
	int private_;		/* --private */
	int next_pass;		/* --next-pass */
};

static const char synopsis[] =
	"usage: fs-rank [--algorithm fairtree|classic|depth-oblivious]\n"
	"               [--ties slurm|merge] [--dampening N] [--next-pass]\n"
	"               [-l] [-p|-P] [-n] [-U] [-m] [-o FIELDS]\n"
	"               [-A ACCOUNTS] [-u USERS]\n"
	"               [--shares ACCOUNT[/USER]=N] [--usage ACCOUNT/USER=X]\n"
	"               [--as-slurm RELEASE] [--json[=sshare] | --tree]\n"
	"               [--per-user DIR [--private]] [FILE]\n";

static void
usage(FILE *f)
{
	fputs(synopsis, f);
	fprintf(f,
		"\n"
		"Compute fairshare over a TSV tree (from fs-tree) exactly as "
		"Slurm does.\n"
		"Without output options, writes the tree back as TSV with "
		"NormShares,\n"
		"NormUsage, EffectvUsage, LevelFS, FairShare and Rank filled "
		"in.\n"
		"\n"
		"      --algorithm NAME  fairtree (default), classic, "
		"depth-oblivious\n"
		"      --ties MODE       slurm (what Slurm does; the default "
		"unless the\n"
		"                        tree's metadata says 'ties') or merge\n"
		"                        (the documented merge of tied "
		"accounts)\n"
		"      --dampening N     FairShareDampeningFactor (classic, "
		"default 1)\n"
		"      --next-pass       on a live tree, what the next priority "
		"pass computes\n"
		"                        from the usage, not what slurmctld "
		"holds now\n"
		"  -a, --all             sshare's -a: accepted (every row is "
		"shown anyway)\n"
		"  -l, --long            sshare -l columns\n"
		"  -p, --parsable        sshare -p: '|' after every field\n"
		"  -P, --parsable2       sshare -P: '|' between fields\n"
		"  -n, --noheader        no header line\n"
		"  -U, --Users           user rows only\n"
		"  -A, --accounts LIST   show only these accounts' rows (comma "
		"separated),\n"
		"                        ranked over the whole tree, as sshare "
		"-A\n"
		"  -u, --users LIST      show only these users' rows (and the "
		"accounts),\n"
		"                        as sshare -u; ACCOUNT/USER: that "
		"association\n"
		"  -m, --partition       show the Partition column\n"
		"  -o, --format FIELDS   sshare's -o (see --helpformat)\n"
		"  -e, --helpformat      list the fields -o accepts\n"
		"      --as-slurm REL    print FairShare as Slurm REL's sshare "
		"does (default:\n"
		"                        the tree's slurm_version, else %s; "
		"%s and later\n"
		"                        blank it on account rows)\n"
		"      --json            one JSON document (fs-json)\n"
		"      --json=sshare     the document 'sshare -a --json' of the "
		"tree's\n"
		"                        release prints (--as-slurm; default "
		"%s)\n"
		"      --tree            an indented tree for the terminal\n"
		"      --per-user DIR    also one small file per user in "
		"DIR/users (and the\n"
		"                        lists DIR/lists.tsv), what "
		"fs-prio --new --tree DIR\n"
		"                        reads at submission\n"
		"      --private         with --per-user: no lists, no "
		"account's usage, each\n"
		"                        file readable by its user alone "
		"(PrivateData=usage;\n"
		"                        the default unless the tree's "
		"private_data says none)\n"
		"      --shares ACCOUNT[/USER]=N\n"
		"                        what if it had N raw shares (or "
		"'parent');\n"
		"                        repeatable\n"
		"      --usage ACCOUNT/USER=X\n"
		"                        what if the user's RawUsage were X "
		"(the accounts'\n"
		"                        sums follow); repeatable\n"
		"  -h, --help            this help\n"
		"  -V, --version         the version\n"
		"\n"
		"With no FILE, or when FILE is -, read standard input. See "
		"fs-rank(1).\n",
		fs_release_oldest(),
		fs_release_first(FS_REL_SSHARE_FS_USERS_ONLY),
		fs_release_newest());
}

/* -u or -A of a name the tree does not have: sshare shows no row for it;
 * say so, with the closest name. */
static void
hint(const struct fs_tree *tr, const char *name, int is_user)
{
	const char *what = is_user ? "user" : "account", *c;

	uint32_t i;

	/* As fs_tree_shown matches: accounts in any case. */
	for (i = 0; i < tr->n; i++) {
		const struct fs_node *a = &tr->node[i];

		if (is_user ? a->is_user && !strcmp(a->user, name) :
		    !a->is_user && !strcasecmp(a->acct, name))
			return;
	}
	if ((c = fs_tree_closest(tr, name, is_user)))
		fs_warn("no %s '%s' in the tree; did you mean '%s'?", what,
			name, c);
	else
		fs_warn("no %s '%s' in the tree", what, name);
}

static int
run(struct opts *o, FILE *in, const char *name, FILE *out)
{
	/* Static, and not released once written: at a million associations
	 * handing 200 MB back page by page costs more than the process's
	 * end, which does it anyway. */
	static struct fs_load l;
	struct fs_err e = {name, 0, ""};
	const char *tree_rel;
	char buf[32];
	uint8_t *show;
	size_t i;
	int ret = FS_EXIT_DATA;

	/* Metadata the tree carries from its source sets our defaults. */
	if ((ret = fs_load(&l, in, &(struct fs_load_opts){
			    .whatif = o->whatif, .nwhatif = o->nwhatif,
			    .algorithm = o->algorithm, .ties = o->ties,
			    .dampening = o->dampening,
			    .next_pass = o->next_pass, .part = 1}, &e)) < 0) {
		fs_err_print(&e);
		return ret == -2 ? FS_EXIT_USAGE : FS_EXIT_DATA;
	}
	ret = FS_EXIT_DATA;
	/* One user's part: their rows, as sshare shows them or the TSV. */
	if (l.tr.subset && (o->per_user || o->json || o->tree)) {
		fs_warn("%s: one user's part of a ranked tree (fs-rank "
			"--per-user): --per-user, --json and --tree need the "
			"whole tree", name);
		fs_load_release(&l);
		return FS_EXIT_USAGE;
	}
	if (fs_release_meta(&l.t.h, &tree_rel, &e) < 0) {
		fs_err_print(&e);
		fs_load_release(&l);
		return FS_EXIT_DATA;
	}
	/* A release after the table's rows: its newest, said once. */
	if ((o->as_slurm || tree_rel) &&
	    !fs_release_known(o->as_slurm ? o->as_slurm : tree_rel))
		fs_warn("Slurm %s is after the newest release fs-rank knows: "
			"read as %s", o->as_slurm ? o->as_slurm : tree_rel,
			fs_release_newest());
	/* sshare's display rules are those of the release the tree came
	 * from, unless --as-slurm says otherwise. */
	if (o->so.newer < 0) {
		const char *rel = tree_rel;

		if (!rel)
			rel = fs_release_oldest();
		o->so.newer = fs_release_has(rel, FS_REL_SSHARE_FS_USERS_ONLY);
	}
	fs_header_set_meta(&l.t.h, "algorithm", fs_algorithm_name(l.ro.algorithm));
	/* The ranked columns are the controller's only when taken from it. */
	if (fs_header_meta(&l.t.h, FS_TSV_VALUES) && !l.held)
		fs_header_set_meta(&l.t.h, FS_TSV_VALUES, "next-pass");
	if (fs_algorithm_levels(l.ro.algorithm))
		fs_header_set_meta(&l.t.h, "ties",
				   l.ro.ties == FS_TIES_MERGE ? "merge" : "slurm");
	else {
		snprintf(buf, sizeof(buf), "%u", l.ro.dampening);
		fs_header_set_meta(&l.t.h, "dampening", buf);
	}
	snprintf(buf, sizeof(buf), "%u", l.tr.user_count);
	fs_header_set_meta(&l.t.h, "users", buf);
	/* ACCOUNT/USER must name an association: fs-explain's help. */
	for (i = 0; o->users && o->users[i]; i++) {
		uint32_t u;

		e.file = name;
		if (strchr(o->users[i], '/') &&
		    fs_explain_find_user(&l.tr, o->users[i], &u, &e) < 0) {
			fs_err_print(&e);
			fs_load_release(&l);
			return FS_EXIT_DATA;
		}
	}
	/* A name with no rows, as sshare, shows nothing; a hint on stderr
	 * costs nothing. */
	for (i = 0; o->users && o->users[i]; i++)
		if (!strchr(o->users[i], '/'))
			hint(&l.tr, o->users[i], 1);
	for (i = 0; o->accounts && o->accounts[i]; i++)
		hint(&l.tr, o->accounts[i], 0);
	l.ro.show = show = fs_tree_shown(&l.tr, (const char *const *)o->accounts,
				       (const char *const *)o->users);
	if (o->per_user) {
		int priv = o->private_ ? 1 : fs_peruser_private(&l.t.h);
		struct fs_buf why;
		size_t skipped;
		char *p, *nl;

		if (priv < 0)
			fs_warn("--per-user: the tree does not say the site's "
				"PrivateData (metadata 'private_data', written "
				"by a live fs-tree): written private");
		fs_buf_init(&why);
		if (fs_peruser_write(&l.tr, &l.ro, o->per_user, priv != 0,
				     &skipped, &why, &e) < 0) {
			fs_err_print(&e);
			fs_buf_release(&why);
			free(show);
			return FS_EXIT_DATA;
		}
		if (skipped)
			fs_warn("--per-user: %zu user%s left out%s", skipped,
				skipped == 1 ? "" : "s",
				skipped > 10 ? ", the first ten:" : ":");
		for (p = why.data; skipped && p && *p; p = nl + 1) {
			nl = strchr(p, '\n');
			fs_warn("--per-user: %.*s", (int)(nl - p), p);
		}
		fs_buf_release(&why);
	}

	e.file = NULL;
	if (o->sshare) {
		if (fs_sshare_print(&l.tr, &l.ro, &o->so, out, &e) < 0) {
			/* A failed write is told once, by fs_stdout_close. */
			if (!ferror(out))
				fs_err_print(&e);
		} else
			ret = FS_EXIT_OK;
	} else if (o->json == 2) {
		/* sshare's document of the release the tree came from. */
		const char *rel = o->as_slurm;

		if (!rel)
			rel = tree_rel;
		if (!rel)
			rel = fs_release_newest();
		if (fs_sshare_json_write(&l.tr, &l.ro, rel, out, &e) < 0) {
			if (!ferror(out))
				fs_err_print(&e);
		} else
			ret = FS_EXIT_OK;
	} else if (o->json) {
		ret = fs_json_write(&l.tr, &l.ro, out) < 0 ? FS_EXIT_DATA
						       : FS_EXIT_OK;
	} else if (o->tree) {
		ret = fs_tree_table_write(&l.tr, &l.ro, out) < 0 ? FS_EXIT_DATA
							     : FS_EXIT_OK;
	} else {
		ret = fs_tree_write(&l.tr, &l.ro, out) < 0 ? FS_EXIT_DATA
						       : FS_EXIT_OK;
	}
	free(show);
	return ret;
}

int
main(int argc, char **argv)
{
	enum { O_TIES = 256, O_DAMP, O_JSON, O_TREE, O_AS, O_ALG, O_SHARES,
	       O_USAGE, O_PER_USER, O_PRIVATE, O_NEXT };
	static const struct option lo[] = {
		{"all", no_argument, NULL, 'a'},
		{"algorithm", required_argument, NULL, O_ALG},
		{"ties", required_argument, NULL, O_TIES},
		{"dampening", required_argument, NULL, O_DAMP},
		{"next-pass", no_argument, NULL, O_NEXT},
		{"long", no_argument, NULL, 'l'},
		{"parsable", no_argument, NULL, 'p'},
		{"parsable2", no_argument, NULL, 'P'},
		{"noheader", no_argument, NULL, 'n'},
		{"Users", no_argument, NULL, 'U'},
		{"accounts", required_argument, NULL, 'A'},
		{"users", required_argument, NULL, 'u'},
		{"partition", no_argument, NULL, 'm'},
		{"format", required_argument, NULL, 'o'},
		{"helpformat", no_argument, NULL, 'e'},
		{"as-slurm", required_argument, NULL, O_AS},
		{"json", optional_argument, NULL, O_JSON},
		{"tree", no_argument, NULL, O_TREE},
		{"per-user", required_argument, NULL, O_PER_USER},
		{"private", no_argument, NULL, O_PRIVATE},
		{"shares", required_argument, NULL, O_SHARES},
		{"usage", required_argument, NULL, O_USAGE},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	struct opts o;
	/* Static: an early exit leaves it reachable, not leaked. */
	static struct fs_buf fmt;
	const char *name;
	FILE *in;
	char *end;
	int c, ret;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	memset(&o, 0, sizeof(o));
	o.ties = -1;
	o.so.newer = -1;
	fs_buf_init(&fmt);
	while ((c = getopt_long(argc, argv, "alpPnUA:u:mo:ehV", lo, NULL)) != -1) {
		switch (c) {
		case 'a':	/* sshare's --all: every row is shown anyway */
			break;
		case O_ALG:
			o.algorithm = optarg;
			break;
		case O_TIES:
			if (!strcmp(optarg, "slurm"))
				o.ties = FS_TIES_SLURM;
			else if (!strcmp(optarg, "merge"))
				o.ties = FS_TIES_MERGE;
			else {
				fs_warn("--ties: expected 'slurm' or 'merge', "
					"not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			break;
		case O_NEXT:
			o.next_pass = 1;
			break;
		case O_DAMP:
			errno = 0;
			o.dampening = strtol(optarg, &end, 10);
			if (*end || !*optarg || o.dampening < 1 ||
			    o.dampening > 65535) {
				fs_warn("--dampening: expected a whole number "
					"from 1 to 65535, not '%s'", optarg);
				return FS_EXIT_USAGE;
			}
			break;
		case 'l':
			o.so.longfmt = 1;
			o.sshare = 1;
			break;
		case 'p':
			if (o.so.parsable < 1)
				o.so.parsable = 1;
			o.sshare = 1;
			break;
		case 'P':
			o.so.parsable = 2;
			o.sshare = 1;
			break;
		case 'n':
			o.so.noheader = 1;
			o.sshare = 1;
			break;
		case 'U':
			o.so.users_only = 1;
			o.sshare = 1;
			break;
		case 'A':
			fs_list_free(o.accounts);
			o.accounts = fs_list_split(optarg);
			break;
		case 'u':
			fs_list_free(o.users);
			o.users = fs_list_split(optarg);
			break;
		case 'm':
			o.so.partition = 1;
			o.sshare = 1;
			break;
		case 'o':
			/* Repeatable, like sshare's. */
			if (fmt.len)
				fs_buf_addch(&fmt, ',');
			fs_buf_addstr(&fmt, optarg);
			o.sshare = 1;
			break;
		case 'e':
			fs_sshare_helpformat(stdout);
			return fs_stdout_close();
		case O_AS:
			if (!fs_release_valid(optarg)) {
				fs_warn("--as-slurm: expected a release like "
					"%s or %s, not '%s'", fs_release_oldest(),
					fs_release_first(
						FS_REL_SSHARE_FS_USERS_ONLY),
					optarg);
				return FS_EXIT_USAGE;
			}
			o.so.newer = fs_release_has(
				optarg, FS_REL_SSHARE_FS_USERS_ONLY);
			o.as_slurm = optarg;
			break;
		case O_JSON:
			if (!optarg || !strcmp(optarg, "fs"))
				o.json = 1;
			else if (!strcmp(optarg, "sshare"))
				o.json = 2;
			else {
				fs_warn("--json: expected 'sshare' (or nothing, "
					"for fs-rank's own document), not '%s'",
					optarg);
				return FS_EXIT_USAGE;
			}
			break;
		case O_TREE:
			o.tree = 1;
			break;
		case O_PER_USER:
			o.per_user = optarg;
			break;
		case O_PRIVATE:
			o.private_ = 1;
			break;
		case O_SHARES:
		case O_USAGE: {
			struct fs_err e = {NULL, 0, ""};

			if (fs_whatif_add(&o.whatif, &o.nwhatif,
					  c == O_SHARES ? FS_WHATIF_SHARES
							: FS_WHATIF_USAGE,
					  optarg, &e) < 0) {
				fs_err_print(&e);
				fs_whatif_free(o.whatif, o.nwhatif);
				return FS_EXIT_USAGE;
			}
			break;
		}
		default:
			return fs_opt_other(c, synopsis, usage);
		}
	}
	if (fmt.len) {
		struct fs_err e = {NULL, 0, ""};

		if (fs_sshare_check_widths(fmt.data, &e) < 0 ||
		    fs_sshare_check_format(fmt.data, &e) < 0) {
			fs_err_print(&e);
			return FS_EXIT_USAGE;
		}
		o.so.format = fmt.data;
	}
	if (o.algorithm) {
		enum fs_algorithm a;

		if (fs_algorithm_parse(o.algorithm, &a) < 0) {
			fs_warn("--algorithm: expected fairtree, classic or "
				"depth-oblivious, not '%s'", o.algorithm);
			return FS_EXIT_USAGE;
		}
	}
	/* Filters show rows: sshare's output unless --json or --tree. */
	if ((o.accounts || o.users) && !o.json && !o.tree)
		o.sshare = 1;
	if (o.sshare + !!o.json + o.tree > 1) {
		fs_warn("choose one output: sshare options, --json or --tree");
		return FS_EXIT_USAGE;
	}
	if (o.private_ && !o.per_user) {
		fs_warn("--private goes with --per-user DIR");
		return FS_EXIT_USAGE;
	}
	if (argc - optind > 1) {
		fs_warn("too many arguments: one FILE at most");
		return fs_usage_error(synopsis);
	}
	if (!(in = fs_open_input(argv[optind], &name)))
		return FS_EXIT_DATA;
	ret = run(&o, in, name, stdout);
	fs_close_input(in);
	fs_list_free(o.accounts);
	fs_list_free(o.users);
	fs_whatif_free(o.whatif, o.nwhatif);
	fs_buf_release(&fmt);
	c = fs_stdout_close();
	return ret ? ret : c;
}
