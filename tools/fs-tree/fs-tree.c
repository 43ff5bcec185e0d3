/*
 * fs-tree: write the association tree as a TSV tree (fs-tsv(5)).
 *
 * Sources: the live cluster through libslurm (the default), the text of a
 * saved `sshare -a -l` (--sshare FILE), or the embedded sample tree
 * (--sample). Writes one TSV tree on standard output; owns every column it
 * writes. Nothing is written unless the whole tree could be had.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "fs.h"

static const char synopsis[] =
	"usage: fs-tree [-M CLUSTER] [-A ACCOUNTS] [-u USERS]\n"
	"       fs-tree --sshare FILE [--cluster NAME] [--taken DATE]\n"
	"       fs-tree --rest URL [--cluster NAME]\n"
	"       fs-tree --sample\n";

static void
usage(FILE *f)
{
	fputs(synopsis, f);
	fprintf(f,
		"\n"
		"Write the fairshare association tree as a TSV tree for "
		"fs-rank, fs-decay\n"
		"and fs-explain.\n"
		"\n"
		"  (no source)          from the live cluster through libslurm "
		"(SLURM_CONF)\n"
		"  -M, --clusters NAME  another cluster of the same slurmdbd, as "
		"sshare -M\n"
		"  -A, --accounts LIST  keep these accounts (comma separated), "
		"their\n"
		"                       subtrees and ancestors\n"
		"  -u, --users LIST     keep these users' rows (USER or "
		"ACCOUNT/USER) and\n"
		"                       their ancestors\n"
		"      --sshare FILE    import saved 'sshare -a -l' output (-P, "
		"-p or fixed\n"
		"                       width) or 'sshare -a --json'; - for "
		"standard input\n"
		"      --rest URL       from slurmrestd: http://HOST:PORT or "
		"unix:/PATH (its\n"
		"                       socket); the JWT in SLURM_JWT, if set\n"
		"      --cluster NAME   the cluster name to record for --sshare "
		"or --rest\n"
		"      --taken DATE     when the sshare output was saved (default: "
		"FILE's\n"
		"                       modification time, or now)\n"
		"      --sample         the embedded sample tree\n"
		"  -h, --help           this help\n"
		"  -V, --version        the version and the Slurm release\n"
		"\n"
		"Live mode built in: %s; sshare --json import: %s; "
		"slurmrestd: %s.\nSee fs-tree(1).\n",
		fs_live_available() ? "yes" : "no",
		fs_sshare_json_available() ? "yes" : "no",
		fs_rest_available() ? "yes" : "no");
}

/* taken: --taken's seconds (before 1970 too), else FS_TAKEN_NOW: the
 * file's mtime, else now. */
static int
do_sshare(const char *file, const char *cluster, long long taken)
{
	struct fs_buf in, out;
	struct fs_err e = {NULL, 0, ""};
	struct stat st;
	FILE *f;
	int ret = FS_EXIT_OK;

	if (!(f = fs_open_input(file, &e.file)))
		return FS_EXIT_DATA;
	if (taken == FS_TAKEN_NOW && fstat(fileno(f), &st) == 0 &&
	    S_ISREG(st.st_mode))
		taken = (long long)st.st_mtime;
	fs_buf_init(&in);
	fs_buf_init(&out);
	if (fs_slurp(f, &in, &e) < 0 ||
	    fs_sshare_import(in.data, in.len, cluster, taken, &out, &e) < 0) {
		fs_err_print(&e);
		ret = FS_EXIT_DATA;
	} else if (fs_write_all(stdout, out.data, out.len) < 0)
		ret = FS_EXIT_DATA;
	fs_close_input(f);
	fs_buf_release(&in);
	fs_buf_release(&out);
	return ret;
}

int
main(int argc, char **argv)
{
	enum { O_SSHARE = 256, O_SAMPLE, O_CLUSTER, O_TAKEN, O_REST };
	static const struct option lo[] = {
		{"clusters", required_argument, NULL, 'M'},
		{"accounts", required_argument, NULL, 'A'},
		{"users", required_argument, NULL, 'u'},
		{"sshare", required_argument, NULL, O_SSHARE},
		{"rest", required_argument, NULL, O_REST},
		{"cluster", required_argument, NULL, O_CLUSTER},
		{"taken", required_argument, NULL, O_TAKEN},
		{"sample", no_argument, NULL, O_SAMPLE},
		{"help", no_argument, NULL, 'h'},
		{"version", no_argument, NULL, 'V'},
		{NULL, 0, NULL, 0}};
	const char *sshare = NULL, *rest = NULL, *cluster = NULL, *taken_arg = NULL;
	const char *clusters = NULL;
	long long taken = FS_TAKEN_NOW;
	char **accounts = NULL, **users = NULL;
	int c, sample = 0, ret = FS_EXIT_OK, rc;

	fs_set_progname(argv[0]);
	fs_stdout_init();
	while ((c = getopt_long(argc, argv, "M:A:u:hV", lo, NULL)) != -1) {
		switch (c) {
		case 'M':
			clusters = optarg;
			break;
		case 'A':
			fs_list_free(accounts);
			accounts = fs_list_split(optarg);
			break;
		case 'u':
			fs_list_free(users);
			users = fs_list_split(optarg);
			break;
		case O_SSHARE:
			sshare = optarg;
			break;
		case O_REST:
			rest = optarg;
			break;
		case O_CLUSTER:
			cluster = optarg;
			break;
		case O_TAKEN:
			taken_arg = optarg;
			break;
		case O_SAMPLE:
			sample = 1;
			break;
		case 'V':
			fs_print_version();
			fs_live_print_version();
			return fs_stdout_close();
		case 'h':
			usage(stdout);
			return fs_stdout_close();
		default:
			fs_usage_error(synopsis);
			goto usage_error;
		}
	}
	if (optind < argc) {
		fs_warn("unexpected argument '%s'", argv[optind]);
		fs_usage_error(synopsis);
		goto usage_error;
	}
	if ((cluster && !sshare && !rest) || (taken_arg && !sshare)) {
		fs_warn("--cluster describes an --sshare or --rest source, "
			"--taken an --sshare import");
		goto usage_error;
	}
	if (cluster && fs_meta_bad(cluster)) {
		char q[256];

		/* It travels as the tree's #cluster (fs-tsv(5)). */
		fs_warn("--cluster: %s has a control character",
			fs_quote(q, sizeof(q), cluster, strlen(cluster)));
		goto usage_error;
	}
	if (taken_arg) {
		struct fs_err e = {NULL, 0, ""};

		if (fs_parse_when(taken_arg, (long long)time(NULL), 1, &taken,
				  &e) < 0 || fs_date_range(taken, taken_arg, &e) < 0) {
			fs_warn("--taken: %s", e.msg);
			goto usage_error;
		}
	}
	if (!!sample + !!sshare + !!rest > 1 ||
	    ((sample || sshare || rest) && (accounts || users || clusters))) {
		fs_warn("choose one source: --sample, --sshare FILE, --rest "
			"URL, or the live cluster (with -M/-A/-u)");
		goto usage_error;
	}
	if (sample) {
		if (fs_write_all(stdout, fs_sample_tree,
				 strlen(fs_sample_tree)) < 0)
			ret = FS_EXIT_DATA;
	} else if (sshare) {
		ret = do_sshare(sshare, cluster, taken);
	} else if (rest) {
		struct fs_err e = {NULL, 0, ""};
		struct fs_buf out;

		fs_buf_init(&out);
		if (fs_rest_tree(rest, cluster, &out, &e) < 0) {
			fs_err_print(&e);
			ret = FS_EXIT_DATA;
		} else if (fs_write_all(stdout, out.data, out.len) < 0) {
			ret = FS_EXIT_DATA;
		}
		fs_buf_release(&out);
	} else {
		struct fs_live_filter lf = {(const char *const *)accounts,
					    (const char *const *)users,
					    clusters};
		struct fs_err e = {NULL, 0, ""};
		struct fs_buf out;

		fs_buf_init(&out);
		if (fs_live_tree(&lf, &out, &e) < 0) {
			fs_err_print(&e);
			ret = FS_EXIT_DATA;
		} else if (fs_write_all(stdout, out.data, out.len) < 0) {
			ret = FS_EXIT_DATA;
		}
		fs_buf_release(&out);
	}
	fs_list_free(accounts);
	fs_list_free(users);
	rc = fs_stdout_close();
	return ret ? ret : rc;
usage_error:
	fs_list_free(accounts);
	fs_list_free(users);
	return FS_EXIT_USAGE;
}
