/*
 * jobs.c: Slurm's job rules (lib/model/prio_jobs.c), one table per rule: the
 * association a job runs under, a job pending in several partitions, the
 * order of the queue, the factor that puts one job ahead of another, and
 * the job not yet submitted. Each row is an input and what it must give.
 */
#include <stdlib.h>
#include <string.h>

#include "fs.h"
#include "tap.h"

#define N(a) (sizeof(a) / sizeof(*(a)))

static const char tree_text[] =
	"#fs-tsv 1\n"
	"Account\tUser\tParent\tRawShares\tRawUsage\tPartition\tPriority\n"
	"root\t\t\t\t\t\t\n"
	"phys\t\troot\t60\t\t\t10\n"
	"phys\talice\tphys\t1\t100\t\t\n"
	"phys\talice\tphys\t1\t0\tgpu\t7\n"
	"phys\tbob\tphys\t1\t0\t\t\n"
	"chem\t\troot\t40\t\t\t\n"
	"chem\tcarol\tchem\t1\t300\t\t5\n"
	"chem\tbob\tchem\t1\t0\t\t\n";

static const char conf_text[] =
	"PriorityType=priority/multifactor\n"
	"PriorityWeightTRES=CPU=1000\n"
	"NodeName=n[1-4] CPUs=16\n"
	"PartitionName=main Nodes=n[1-4] Default=YES MaxTime=2-0 "
	"DefaultTime=60\n"
	"PartitionName=small Nodes=n1 MaxTime=30\n";

/* A snapshot of conf_text with --qos-priority high=100, and the tree. */
struct world {
	struct fs_prio_snapshot s;
	struct fs_table t;
	struct fs_tree tr;
};

static int
world_init(struct world *w)
{
	struct fs_err e = {"test", 0, ""};
	struct fs_buf b;
	char *conf = fs_xstrdup(conf_text);
	size_t i;
	int r;

	memset(w, 0, sizeof(*w));
	fs_prio_snapshot_init(&w->s);
	fs_buf_init(&b);
	fs_buf_addstr(&b, tree_text);
	r = fs_prio_conf_parse(&w->s.conf, &w->s.cl, conf, &e) < 0 ||
		fs_prio_parse_qos(&w->s, "high=100", &e) < 0 ||
		fs_table_parse(&w->t, &b, &e) < 0 ||
		fs_tree_build(&w->tr, &w->t, &e) < 0 ||
		fs_prio_tree_priorities(&w->s, &w->tr, &e) < 0 ? -1 : 0;
	free(conf);
	if (r < 0) {
		fs_err_print(&e);
		return -1;
	}
	w->s.part_tres = fs_xcalloc(w->s.cl.npart + 1, sizeof(*w->s.part_tres));
	for (i = 0; i < w->s.cl.npart; i++)
		fs_prio_part_tres(&w->s.conf, &w->s.cl.part[i],
				  w->s.part_tres[i]);
	return 0;
}

static void
world_release(struct world *w)
{
	fs_tree_release(&w->tr);
	fs_table_release(&w->t);
	fs_prio_snapshot_release(&w->s);
}

/* A pending job of the snapshot, its strings its own. */
static void
add_job(struct fs_prio_snapshot *s, const char *id, const char *part)
{
	struct fs_prio_pending *j;

	s->job = fs_xreallocarray(s->job, s->njob + 1, sizeof(*s->job));
	j = &s->job[s->njob++];
	memset(j, 0, sizeof(*j));
	j->id = fs_xstrdup(id);
	j->user = fs_xstrdup("alice");
	j->acct = fs_xstrdup("phys");
	j->part = fs_xstrdup(part);
	j->qos = fs_xstrdup("normal");
	j->tres = fs_xstrdup("cpu=1");
}

static void
test_assoc(void)
{
	static const struct {
		const char *acct, *user, *part;
		const char *node;	/* "acct/user/part", NULL: none */
		long prio;		/* the snapshot's, -1: none */
	} t[] = {
		/* A user's association without a partition. */
		{"phys", "alice", "", "phys/alice/", 10},
		/* The partition's own before the one without. */
		{"phys", "alice", "gpu", "phys/alice/gpu", 7},
		/* No association of the partition: the one without. */
		{"phys", "alice", "main", "phys/alice/", 10},
		/* The same user in the other account; an empty Priority
		 * inherits the account's, and root's is 0. */
		{"chem", "bob", "main", "chem/bob/", 0},
		{"chem", "carol", "", "chem/carol/", 5},
		/* Missing: the user in another account, an account, a user. */
		{"phys", "carol", "", NULL, -1},
		{"bio", "alice", "", NULL, -1},
		{"chem", "dave", "main", NULL, -1},
		/* An account's own row is no job's association in the tree
		 * but holds the account's priority. */
		{"phys", "", "", NULL, 10},
	};
	struct world w;
	size_t i;

	if (world_init(&w) < 0) {
		ok(0, "the world loads");
		return;
	}
	for (i = 0; i < N(t); i++) {
		uint32_t a = fs_prio_tree_assoc(&w.tr, t[i].acct, t[i].user,
						t[i].part);
		const struct fs_prio_assoc *pa = fs_prio_snap_assoc(&w.s,
			t[i].acct, t[i].user, t[i].part);
		char got[128] = "(none)";
		long prio = pa ? (long)pa->prio : -1;

		if (a != FS_NONE)
			snprintf(got, sizeof(got), "%s/%s/%s",
				 w.tr.node[a].acct, w.tr.node[a].user,
				 w.tr.node[a].part);
		ok(!strcmp(got, t[i].node ? t[i].node : "(none)") &&
		   prio == t[i].prio, "association of %s/%s in '%s': %s, "
		   "priority %ld", t[i].acct, t[i].user, t[i].part, got, prio);
	}
	world_release(&w);
}

static void
test_split(void)
{
	static const struct {
		const char *jobs;	/* id=partitions[/QOS];... */
		const char *want;	/* id:partition[/QOS] ... */
	} t[] = {
		{"1=main", "1:main"},
		{"1=main,small", "1:main 1:small"},
		{"1=a;2=b,c,d;3=e", "1:a 2:b 2:c 2:d 3:e"},
		/* Empty items are no partition. */
		{"1=a,,b", "1:a 1:b"},
		/* Nothing but commas: left as it is. */
		{"1=,", "1:,"},
		/* Each once (get_part_list); up to the first that does not
		 * exist, which resolving names. */
		{"1=a,b,a", "1:a 1:b"},
		{"1=a,zz,b", "1:a 1:zz"},
		/* Several QOS: in each partition, by priority, highest
		 * first (ties as given), each once. */
		{"1=a/low,high", "1:a/high 1:a/low"},
		{"1=a,b/normal,high,low", "1:a/high 1:a/low 1:a "
		 "1:b/high 1:b/low 1:b"},
		{"1=a/tie1,tie2;2=a/tie2,tie1", "1:a/tie1 1:a/tie2 2:a/tie2 "
		 "2:a/tie1"},
		{"1=a/high,high", "1:a/high"},
		{"1=a/low,nope,high", "1:a/low 1:a/nope"},
		/* Rows of one job id, as fs-prio's TSV writes them, apart
		 * or together: one job, in distinct rows. */
		{"7=a/normal;3=b;7=a/high", "7:a 3:b 7:a/high"},
		{"7=a/normal;7=b/low", "7:a 7:b/low"},
		{"", ""},
	};
	static const char *const parts[] = {"main", "small", "a", "b", "c",
					     "d", "e"};
	size_t i, k;

	for (i = 0; i < N(t); i++) {
		struct fs_prio_snapshot s;
		char *jobs = fs_xstrdup(t[i].jobs), *tok, *save = NULL, *eq;
		struct fs_err e = {NULL, 0, ""};
		struct fs_buf got;
		int same = 1, r;

		fs_prio_snapshot_init(&s);
		fs_prio_parse_qos(&s, "high=100,low=10,tie1=5,tie2=5", &e);
		s.cl.part = fs_xcalloc(N(parts), sizeof(*s.cl.part));
		for (k = 0; k < N(parts); k++)
			s.cl.part[s.cl.npart++].name = fs_xstrdup(parts[k]);
		for (tok = strtok_r(jobs, ";", &save); tok;
		     tok = strtok_r(NULL, ";", &save)) {
			char *q;

			eq = strchr(tok, '=');
			*eq = '\0';
			if ((q = strchr(eq + 1, '/')))
				*q++ = '\0';
			add_job(&s, tok, eq + 1);
			if (q) {
				free(s.job[s.njob - 1].qos);
				s.job[s.njob - 1].qos = fs_xstrdup(q);
			}
		}
		free(jobs);
		r = fs_prio_split_jobs(&s, &e);
		fs_buf_init(&got);
		fs_buf_addstr(&got, "");
		for (k = 0; k < s.njob; k++) {
			const struct fs_prio_pending *j = &s.job[k];

			fs_buf_printf(&got, "%s%s:%s", k ? " " : "", j->id,
				      j->part);
			if (strcmp(j->qos, "normal"))
				fs_buf_printf(&got, "/%s", j->qos);
			/* Every row keeps the job's other fields. */
			same &= !strcmp(j->user, "alice") &&
				!strcmp(j->tres, "cpu=1");
		}
		ok(r == 0 && !strcmp(got.data, t[i].want) && same,
		   "split '%s': '%s'", t[i].jobs, got.data);
		fs_buf_release(&got);
		fs_prio_snapshot_release(&s);
	}
	/* A job id given twice for one partition and QOS. */
	{
		struct fs_prio_snapshot s;
		struct fs_err e = {"jobs.tsv", 0, ""};
		int r;

		fs_prio_snapshot_init(&s);
		fs_prio_parse_qos(&s, "high=100", &e);
		e.file = "jobs.tsv";
		s.cl.part = fs_xcalloc(2, sizeof(*s.cl.part));
		s.cl.part[s.cl.npart++].name = fs_xstrdup("a");
		s.cl.part[s.cl.npart++].name = fs_xstrdup("b");
		add_job(&s, "5", "b");
		add_job(&s, "4", "a");
		add_job(&s, "5", "a,b");
		s.job[0].line = 2;
		s.job[1].line = 3;
		s.job[2].line = 4;
		r = fs_prio_split_jobs(&s, &e);
		ok(r < 0 && e.line == 4 && !strcmp(e.msg, "column 'JobID': "
		   "job 5 is given for partition 'b' and QOS 'normal' on "
		   "line 2 too"), "a job twice in one partition and QOS: "
		   "%d %lu %s", r, e.line, e.msg);
		fs_prio_snapshot_release(&s);
	}
}

/* Jobs "id:part:priority" or "id:part:priority:new", the queue's order. */
static void
test_order(void)
{
	static const struct {
		const char *jobs[5];
		const char *want;
	} t[] = {
		{{"1:a:10", "2:a:30", "3:a:20"}, "2 3 1"},
		/* Ties: job ids as numbers when both are. */
		{{"10:a:5", "9:a:5", "100:a:5"}, "9 10 100"},
		/* ... else as text: "10" before "9_1", "9" before both. */
		{{"9_1:a:5", "10:a:5", "9:a:5"}, "9 10 9_1"},
		/* The new job after its equals, before lower ones. */
		{{"new:a:5:new", "7:a:5", "8:a:4"}, "7 new 8"},
		{{"new:a:6:new", "7:a:5"}, "new 7"},
		/* Whatever its id. */
		{{"1:a:5:new", "7:a:5", "2:a:5"}, "2 7 1"},
		/* One job in two partitions: by partition. */
		{{"4:b:5", "4:a:5", "3:c:5"}, "3/c 4/a 4/b"},
		{{NULL}, ""},
	};
	size_t i, k, n;

	for (i = 0; i < N(t); i++) {
		struct fs_prio_pending job[5];
		char *cut[5];
		size_t order[5];
		struct fs_buf got;

		memset(job, 0, sizeof(job));
		for (n = 0; n < 5 && t[i].jobs[n]; n++) {
			char *p;

			cut[n] = fs_xstrdup(t[i].jobs[n]);
			job[n].id = strtok_r(cut[n], ":", &p);
			job[n].part = strtok_r(NULL, ":", &p);
			job[n].priority = (uint32_t)atoi(strtok_r(NULL, ":",
								    &p));
			job[n].is_new = strtok_r(NULL, ":", &p) != NULL;
		}
		fs_prio_queue_order(job, n, order);
		fs_buf_init(&got);
		fs_buf_addstr(&got, "");
		for (k = 0; k < n; k++) {
			const struct fs_prio_pending *j = &job[order[k]];

			fs_buf_printf(&got, "%s%s", k ? " " : "", j->id);
			if (strchr(t[i].want, '/'))
				fs_buf_printf(&got, "/%s", j->part);
		}
		ok(!strcmp(got.data, t[i].want), "queue order %zu: '%s' (want "
		   "'%s')", i, got.data, t[i].want);
		fs_buf_release(&got);
		for (k = 0; k < n; k++)
			free(cut[k]);
	}
}

/* Job j whose weighted factors are v under c's weights of 1 (one TRES, its
 * counts, factor and weighted factor in mem). */
static void
set_weighted(struct fs_prio_pending *j, double mem[3],
	     const double v[FS_PRIO_NFACTOR])
{
	memset(j, 0, sizeof(*j));
	j->f.age = v[0];
	j->f.assoc = v[1];
	j->fs = v[2];
	j->f.js = v[3];
	j->f.part = v[4];
	j->f.qos = v[5];
	mem[0] = 0;
	mem[1] = mem[2] = v[6];
	j->tres_mem = mem;
	j->site = (int64_t)v[7];
	j->nice = (int64_t)v[8];
}

static void
test_decides(void)
{
	/* Age, Assoc, FairShare, JobSize, Partition, QOS, TRES, site, nice. */
	static const struct {
		double a[FS_PRIO_NFACTOR], b[FS_PRIO_NFACTOR];
		const char *want;	/* NULL: no factor is higher */
		double d;
	} t[] = {
		{{100}, {40}, "Age", 60},
		/* The largest difference, whatever the others. */
		{{100, 0, 500, 0, 0, 30}, {0, 10, 100, 0, 0, 0}, "FairShare",
		 400},
		{{0, 0, 0, 0, 0, 0, 250}, {0, 0, 0, 0, 0, 0, 50}, "TRES", 200},
		{{0, 0, 0, 0, 0, 0, 0, 5}, {0}, "Site", 5},
		/* A lower nice is a higher priority. */
		{{0, 0, 0, 0, 0, 0, 0, 0, -10}, {0, 0, 0, 0, 0, 0, 0, 0, 90},
		 "Nice", 100},
		{{0, 0, 0, 0, 3000}, {0, 0, 0, 0, 1000, 1500}, "Partition",
		 2000},
		/* Equal, or behind in every factor. */
		{{7, 7, 7}, {7, 7, 7}, NULL, 0},
		{{1, 2}, {3, 4}, NULL, 0},
	};
	size_t i;

	for (i = 0; i < N(t); i++) {
		struct fs_prio_pending a, b;
		struct fs_prio_conf c;
		double d[FS_PRIO_NFACTOR], ma[3], mb[3];
		int w;
		const char *got;

		fs_prio_conf_init(&c);
		c.w_age = c.w_assoc = c.w_fs = c.w_js = c.w_part = c.w_qos = 1;
		c.ntres = 1;
		snprintf(c.tres_name[0], sizeof(c.tres_name[0]), "cpu");
		c.tres_weight[0] = 1;
		set_weighted(&a, ma, t[i].a);
		set_weighted(&b, mb, t[i].b);
		w = fs_prio_decides(&c, &a, &b, d);
		got = w < 0 ? NULL : fs_prio_factor_name[w];
		ok(got ? t[i].want && !strcmp(got, t[i].want) && d[w] == t[i].d
		   : !t[i].want, "decides %zu: %s (%+.0f)", i, got ? got :
		   "none", w < 0 ? 0 : d[w]);
	}
}

static void
test_new_job(void)
{
	static const struct {
		struct fs_prio_newjob o;
		int tree, offline, ret;
		const char *want;	/* the job, or the message */
	} t[] = {
		/* The account: the user's only one; the default partition,
		 * its default time; QOS normal; 1 CPU on 1 node. */
		{{.user = "carol"}, 1, 0, 0,
		 "chem/carol main normal 1/1 60 min "
		 "cpu=1,mem=0,node=1,billing=1"},
		{{.user = "bob", .account = "phys", .partition = "small",
		  .qos = "high", .ntasks = "2", .time = "20", .mem = "2G"},
		 1, 0, 0,
		 "phys/bob small high 2/1 20 min "
		 "cpu=2,mem=2048,node=1,billing=2"},
		/* No default time in the partition: its maximum. */
		{{.user = "carol", .partition = "small"}, 1, 0, 0,
		 "chem/carol small normal 1/1 30 min "
		 "cpu=1,mem=0,node=1,billing=1"},
		{{.user = "carol", .account = "chem"}, 0, 0, 0,
		 "chem/carol main normal 1/1 60 min "
		 "cpu=1,mem=0,node=1,billing=1"},
		/* ACCOUNT/USER, as every program names a user; CPUs are
		 * tasks times CPUs per task. */
		{{.user = "phys/bob", .ntasks = "2", .cpus_per_task = "3"},
		 1, 0, 0,
		 "phys/bob main normal 6/1 60 min "
		 "cpu=6,mem=0,node=1,billing=6"},
		{{.user = "phys/bob", .account = "phys"}, 1, 0, 0,
		 "phys/bob main normal 1/1 60 min "
		 "cpu=1,mem=0,node=1,billing=1"},
		{{.user = "phys/bob", .account = "chem"}, 1, 0, -1,
		 "--user phys/bob is in account 'phys', not --account 'chem'"},
		{{.user = "phys/bob"}, 0, 0, -1,
		 "--user phys/bob: there is no tree to find it in; give --user "
		 "USER --account ACCOUNT"},
		/* No account to default to, or the wrong one. */
		{{.user = "bob"}, 1, 0, -1,
		 "user 'bob' is ambiguous: name one of chem/bob, phys/bob; the "
		 "tree gives no DefaultAccount for 'bob' (a live dump and "
		 "fs-tree --rest give it): choose with --account"},
		{{.user = "dave"}, 1, 0, -1,
		 "user 'dave' not found (fs-rank -U lists the users)"},
		{{.user = "carol"}, 0, 0, -1,
		 "--account is needed: there is no tree to find user 'carol' "
		 "in"},
		{{.user = "carol", .account = "phys"}, 1, 0, -1,
		 "association 'phys/carol' is not in the tree (check the "
		 "account, or the tree's source)"},
		/* What does not exist. */
		{{.user = "carol", .partition = "gpu2"}, 1, 0, -1,
		 "--partition: partition 'gpu2' does not exist"},
		{{.user = "carol", .qos = "low"}, 1, 0, -1,
		 "QOS 'low' is unknown"},
		{{.user = "carol", .qos = "low"}, 1, 1, -1,
		 "QOS 'low' is unknown (give its priority with --qos-priority "
		 "NAME=N)"},
		/* Beyond the partition. */
		{{.user = "carol", .partition = "small", .nodes = "2"}, 1, 0,
		 -1, "--nodes 2: partition 'small' has 1 node"},
		{{.user = "carol", .partition = "small", .ntasks = "17"}, 1,
		 0, -1, "17 CPUs (--ntasks times --cpus-per-task): partition "
		 "'small' has 16 CPUs"},
		{{.user = "carol", .ntasks = "2", .nodes = "3"}, 1, 0, -1,
		 "2 CPUs on --nodes 3: every node gives a job at least one "
		 "CPU"},
		{{.user = "carol", .partition = "small", .time = "31"}, 1, 0,
		 -1, "--time: partition 'small' allows at most 30 minutes"},
		{{.user = "carol", .partition = "small",
		  .time = "UNLIMITED"}, 1, 0, -1,
		 "--time: partition 'small' allows at most 30 minutes"},
		/* Malformed options: usage errors. */
		{{.user = "carol", .ntasks = "0"}, 1, 0, -2,
		 "--ntasks: expected a whole number from 1, not '0'"},
		{{.user = "carol", .cpus_per_task = "x"}, 1, 0, -2,
		 "--cpus-per-task: expected a whole number from 1, not 'x'"},
		{{.user = "carol", .ntasks = "65536",
		  .cpus_per_task = "65536"}, 1, 0, -2,
		 "--ntasks 65536 times --cpus-per-task 65536: too many CPUs"},
		{{.user = "carol", .nice = "x"}, 1, 0, -2,
		 "--nice: expected a whole number from -2147483645 to "
		 "2147483645, not 'x'"},
		{{.user = "carol", .mem = "2X"}, 1, 0, -2,
		 "--mem: expected a whole number of MB, or with a unit K, M, "
		 "G or T, not '2X'"},
	};
	size_t i;

	for (i = 0; i < N(t); i++) {
		struct world w;
		struct fs_prio_ctx x;
		struct fs_err e = {"test", 0, ""};
		char got[1200];
		int r;

		if (world_init(&w) < 0) {
			ok(0, "the world loads");
			return;
		}
		memset(&x, 0, sizeof(x));
		x.s = &w.s;
		x.tr = t[i].tree ? &w.tr : NULL;
		x.offline = t[i].offline;
		x.now = 1000;
		r = fs_prio_new_job(&x, &t[i].o, &e);
		if (r == 0) {
			const struct fs_prio_pending *j = x.newjob;

			snprintf(got, sizeof(got), "%s/%s %s %s %u/%u %u min "
				 "%s", j->acct, j->user, j->part, j->qos,
				 j->cpus, j->nodes, j->limit, j->tres);
			r = j->is_new && j->accrue == 1000 &&
				j == &w.s.job[w.s.njob - 1] ? 0 : 1;
		} else
			snprintf(got, sizeof(got), "%s%s%s", e.file ? e.file :
				 "", e.file ? ": " : "", e.msg);
		ok(r == t[i].ret && !strcmp(got, t[i].want), "new job %zu: %d "
		   "'%s'", i, r, got);
		world_release(&w);
	}
}

static void
test_qos(void)
{
	static const struct {
		const char *list;
		const char *want;	/* name=prio ... max, or the message */
	} t[] = {
		{"high=100", "high=100 normal=0 max 100"},
		{"normal=5,high=10", "normal=5 high=10 max 10"},
		{NULL, "normal=0 max 0"},
		{"a=4294967294", "a=4294967294 normal=0 max 4294967294"},
		{"high", "expected NAME=PRIORITY, not 'high'"},
		{"=5", "expected NAME=PRIORITY, not '=5'"},
		{"a=-1", "QOS 'a': not a priority from 0 to 4294967294: '-1'"},
		{"a=4294967295", "QOS 'a': not a priority from 0 to "
		 "4294967294: '4294967295'"},
		{"a=", "QOS 'a': not a priority from 0 to 4294967294: ''"},
		{"a=1,a=2", "QOS 'a' given twice"},
	};
	size_t i, k;

	for (i = 0; i < N(t); i++) {
		struct fs_prio_snapshot s;
		struct fs_err e = {NULL, 0, ""};
		struct fs_buf got;
		int r, named;

		fs_prio_snapshot_init(&s);
		fs_buf_init(&got);
		r = fs_prio_parse_qos(&s, t[i].list, &e);
		/* Errors name the option; success leaves no file behind. */
		named = r == 0 ? !e.file : e.file && !strcmp(e.file,
							     "--qos-priority");
		if (r == 0) {
			for (k = 0; k < s.nqos; k++)
				fs_buf_printf(&got, "%s=%u ", s.qos[k].name,
					      s.qos[k].prio);
			fs_buf_printf(&got, "max %u", s.qos_max);
		} else
			fs_buf_addstr(&got, e.msg);
		ok(!strcmp(got.data, t[i].want) && named, "--qos-priority "
		   "'%s': %s", t[i].list ? t[i].list : "(none)", got.data);
		fs_buf_release(&got);
		fs_prio_snapshot_release(&s);
	}
}

int
main(void)
{
	test_qos();
	test_assoc();
	test_split();
	test_order();
	test_decides();
	test_new_job();
	return done_testing();
}
