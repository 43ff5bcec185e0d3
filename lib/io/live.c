/*
 * live.c: the toolkit's one libslurm client. fs-tree dumps the association
 * tree through it and fs-prio reads everything a job's priority needs.
 *
 * The tree comes from slurm_load_assoc_mgr_info(): usage_raw arrives there
 * as "%Lf" text (6 decimals) where sshare gets an integer, and the record is
 * stable from 22.05 to 26.05. The doubles shares_norm and fs_factor travel
 * as the IEEE bits of v*1e6, divided by 1e6 on arrival, exactly as sshare
 * receives them. The tree is rebuilt from id/parent_id and written depth
 * first from the root, each account's children in the order the controller
 * sent them, which is the order of its association list and so of the
 * children lists Fair Tree walks (docs/slurm-order.md): the
 * tree says so with #sibling_order=controller, and fs-rank breaks ties in
 * that order. Everything is written to a buffer first, so nothing reaches
 * the caller unless the whole tree could be had.
 *
 * The request is the cheapest that gives every column: the association
 * records (ASSOC_MGR_INFO_FLAG_ASSOC; no filter can leave out a part of a
 * whole tree), the user records for each user's DefaultAccount (the
 * account sbatch uses without -A; a few fields a user) and the
 * configuration. It costs
 * slurmctld more than sshare's REQUEST_SHARE_INFO (make bench-live: about
 * 1.8x at 10,000 associations, the full record being about three times the
 * bytes, and slurmctld hashes and packs every byte), but the shares reply
 * truncates usage_raw to an integer (assoc_mgr_get_shares, 22.05 to 26.05)
 * and has no lft, lineage or parent id, and fs-rank's NormUsage,
 * EffectvUsage, Level FS and FairShare are computed from the decimals (the
 * REST tree, built from the shares reply, differs from sshare in those four
 * columns: tests/slurm.t). Neither 24.11 nor 26.05 adds a lighter flag.
 *
 * Differences between libslurm's APIs live here and only here, each behind
 * SLURM_VERSION_NUMBER with the release that made it; what the controller
 * does differently by its release is asked of release.c's table.
 *
 * libslurm logs its errors to standard error (and some of them are the only
 * place the real cause is said, e.g. munge's). While it works, stderr is
 * sent to a temporary file; on failure the most telling line is folded into
 * the one-line message, on success what it said is passed on to stderr.
 *
 * Time when slurmctld is down: libslurm retries the connection once a second
 * for MessageTimeout seconds (default 10) before it gives up, as every Slurm
 * client does; a missing slurm.conf is caught here before libslurm would
 * wait a minute for it and then exit.
 */
#define _GNU_SOURCE /* strcasestr */
#include <errno.h>
#include <math.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "io/io.h"

void
fs_live_print_version(void)
{
	if (fs_live_available())
		printf("Slurm: built against %s\n", fs_live_built_version());
	else
		printf("Slurm: live mode not built (no libslurm)\n");
}

#ifndef HAVE_LIBSLURM

static int
not_built(struct fs_err *e)
{
	return fs_error(e, 0, "live mode was not built: install libslurm-dev "
			"(or give SLURM_PREFIX=DIR) and rebuild with 'make'");
}

int fs_live_available(void) { return 0; }
const char *fs_live_built_version(void) { return NULL; }

int
fs_live_tree(const struct fs_live_filter *f, struct fs_buf *out,
	     struct fs_err *e)
{
	(void)f;
	(void)out;
	return not_built(e);
}

int
fs_live_prio(struct fs_prio_snapshot *s, const char *cluster,
	     struct fs_err *e)
{
	(void)s;
	(void)cluster;
	return not_built(e);
}

int
fs_live_job(uint32_t id, const char *cluster, struct fs_prio_record **r,
	    size_t *n, struct fs_err *e)
{
	(void)id;
	(void)cluster;
	*r = NULL;
	*n = 0;
	return not_built(e);
}

#else /* HAVE_LIBSLURM */

#include <slurm/slurm.h>
#include <slurm/slurm_errno.h>
#include <slurm/slurmdb.h>

#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(21, 8, 0)
#error "live mode needs libslurm 21.08 or newer (slurm_init)"
#endif

/* List types: 23.02 added list_t and list_itr_t; ListIterator went in
 * 24.05 and List in 24.11. */
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

/* The priority factors (slurm_load_job_prio, sprio's request): 23.02 moved
 * the factors of an object into prio_factors (NULL for a priority set by an
 * administrator) and the filters to the client; 26.05 put the job id in
 * step_id. */
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(26, 5, 0)
#define FS_PRIO_OBJ_JOB(o) ((o)->step_id.job_id)
#else
#define FS_PRIO_OBJ_JOB(o) ((o)->job_id)
#endif
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(23, 2, 0)
typedef priority_factors_t fs_prio_fact;
#define FS_PRIO_OBJ_F(o) ((o)->prio_factors)
#define FS_PRIO_OBJ_QOS(o) ((o)->qos)
#define FS_PRIO_OBJ_HAS_QOS 1
#define fs_load_job_prio(r) slurm_load_job_prio((r), 0)
#else
typedef priority_factors_object_t fs_prio_fact;
#define FS_PRIO_OBJ_F(o) (o)
#define FS_PRIO_OBJ_QOS(o) ((const char *)NULL)
#define FS_PRIO_OBJ_HAS_QOS 0
#define fs_load_job_prio(r) slurm_load_job_prio((r), NULL, NULL, NULL, 0)
#endif
#define FS_PRIO_OBJ_AGE(o) \
	(FS_PRIO_OBJ_F(o) ? FS_PRIO_OBJ_F(o)->priority_age : 0.0)

/*
 * sshare's request, REQUEST_SHARE_INFO: its reply carries NormUsage,
 * EffectvUsage, LevelFS and FairShare as the IEEE bits of v*1e6 (divided
 * by 1e6 on arrival: the numbers sshare prints), where the association
 * dump sends the long doubles as 6-decimal text. The messages are Slurm's
 * internal ones, with the same layout from 22.05 to 26.05
 * (src/common/slurm_protocol_defs.h); libslurm exports their functions.
 */
struct fs_share {
	uint32_t assoc_id;
	char *cluster, *name, *parent, *partition;
	double shares_norm;
	uint32_t shares_raw;
	uint64_t *tres_run_secs, *tres_grp_mins;
	double usage_efctv, usage_norm;
	uint64_t usage_raw;
	long double *usage_tres_raw;
	double fs_factor, level_fs;
	uint16_t user;
};
struct fs_shares_req {
	fs_slist acct_list, user_list;
};
struct fs_shares_resp {
	fs_slist assoc_shares_list;
	uint64_t tot_shares;
	uint32_t tres_cnt;
	char **tres_names;
};
extern void slurm_free_shares_response_msg(struct fs_shares_resp *m);
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(23, 11, 0)
extern int slurm_associations_get_shares(struct fs_shares_req *req,
					 struct fs_shares_resp **resp);
#else
/* Before 23.11 sshare sends it itself (slurm_send_recv_controller_msg)
 * in a slurm_msg_t, whose fields up to msg_type are these in 22.05 and
 * 23.02; the rest (forward, orig_addr, ret_list) fits in the tail. */
struct fs_slurm_msg {
	slurm_addr_t address;
	void *auth_cred;
	int auth_index;
	uid_t auth_uid;
	bool auth_uid_set;
	uid_t restrict_uid;
	bool restrict_uid_set;
	uint32_t body_offset;
	void *buffer, *conn;
	int conn_fd;
	void *data;
	uint32_t data_size;
	uint16_t flags;
	uint8_t hash_index;
	uint16_t msg_type, protocol_version;
	char tail[1024];
};
#define FS_REQUEST_SHARE_INFO 2022
#define FS_RESPONSE_SHARE_INFO 2023
#define FS_RESPONSE_SLURM_RC 8001
extern void slurm_msg_t_init(struct fs_slurm_msg *m);
extern int slurm_send_recv_controller_msg(struct fs_slurm_msg *req,
					  struct fs_slurm_msg *resp,
					  void *cluster);
extern void slurm_free_return_code_msg(void *m);

static int
slurm_associations_get_shares(struct fs_shares_req *req,
			      struct fs_shares_resp **resp)
{
	struct fs_slurm_msg q, a;
	uint32_t rc;

	*resp = NULL;
	slurm_msg_t_init(&q);
	slurm_msg_t_init(&a);
	q.msg_type = FS_REQUEST_SHARE_INFO;
	q.data = req;
	if (slurm_send_recv_controller_msg(&q, &a, working_cluster_rec) < 0)
		return SLURM_ERROR;
	if (a.msg_type == FS_RESPONSE_SHARE_INFO) {
		*resp = a.data;
		return SLURM_SUCCESS;
	}
	if (a.msg_type == FS_RESPONSE_SLURM_RC) {
		rc = *(uint32_t *)a.data;
		slurm_free_return_code_msg(a.data);
		errno = rc ? (int)rc : SLURM_UNEXPECTED_MSG_ERROR;
	} else
		errno = SLURM_UNEXPECTED_MSG_ERROR;
	return SLURM_ERROR;
}
#endif

/* One job's record: 26.05 names the job by a step id. */
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(26, 5, 0)
static int
fs_load_job(job_info_msg_t **m, uint32_t id)
{
	slurm_step_id_t sid = SLURM_STEP_ID_INITIALIZER;

	sid.job_id = id;
	return slurm_load_job(m, sid, SHOW_DETAIL);
}
#else
#define fs_load_job(m, id) slurm_load_job((m), (id), SHOW_DETAIL)
#endif

/* A failed call leaves its error in errno (slurm_get_errno(), which only
 * returned errno, went in 24.05). */

/* Where libslurm looks when SLURM_CONF is unset (Debian's and upstream's
 * packaged default; a source build may use PREFIX/etc: give
 * -DFS_SLURM_DEFAULT_CONF). */
#ifndef FS_SLURM_DEFAULT_CONF
#define FS_SLURM_DEFAULT_CONF "/etc/slurm/slurm.conf"
#endif
#define FS_SLURM_CACHED_CONF "/run/slurm/conf/slurm.conf"

/* slurmdb_assoc_rec_t has lft until 25.05; controllers send it until 23.11,
 * when lineage took its place (FS_REL_CTLD_LINEAGE). */
#if SLURM_VERSION_NUMBER < SLURM_VERSION_NUM(25, 5, 0)
#define FS_HAVE_LFT 1
#endif

/* The PriorityFlags bits the toolkit knows: MAX_TRES_GRES (bit 11) came
 * in 25.05; before, bits 0 to 10. */
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(25, 5, 0)
_Static_assert(PRIORITY_FLAGS_MAX_TRES_GRES == FS_PRIO_MAX_TRES_GRES,
	       "PriorityFlags=MAX_TRES_GRES is Slurm's bit 11");
#define FS_LIVE_PRIO_FLAGS 0x0fffu
#else
#define FS_LIVE_PRIO_FLAGS 0x07ffu
#endif

int
fs_live_available(void)
{
	return 1;
}

/* "24.11.5", as Slurm writes its releases. */
static const char *
version_text(long n, char v[32])
{
	snprintf(v, 32, "%ld.%02ld.%ld", (long)SLURM_VERSION_MAJOR(n),
		 (long)SLURM_VERSION_MINOR(n), (long)SLURM_VERSION_MICRO(n));
	return v;
}

const char *
fs_live_built_version(void)
{
	static char v[32];

	return version_text(SLURM_VERSION_NUMBER, v);
}

/* One session with the controller: where slurm.conf is (for messages), what
 * libslurm logged, and the error to fill. */
struct session {
	struct fs_err *e;
	char where[600];	/* "SLURM_CONF=/path" for messages */
	char logline[512];	/* what libslurm said, if anything */
	int saved;		/* stderr while captured, else -1 */
	FILE *tmp;
	fs_slist clusters;	/* -M's, from slurmdbd, or NULL */
};

/*
 * Find slurm.conf the way libslurm will, so that a missing file is a clean
 * message rather than a minute of retries followed by libslurm's fatal().
 * Configless sites are served through /run/slurm/conf or SLURM_CONF_SERVER;
 * DNS SRV lookups alone are not tried.
 */
static int
check_conf(struct session *s)
{
	const char *env = getenv("SLURM_CONF");

	if (env && *env) {
		snprintf(s->where, sizeof(s->where), "SLURM_CONF=%s", env);
		if (access(env, R_OK) != 0)
			return fs_error(s->e, 0, "cannot read slurm.conf: "
					"SLURM_CONF=%s: %s; point SLURM_CONF "
					"at the cluster's slurm.conf", env,
					strerror(errno));
		return 0;
	}
	if (access(FS_SLURM_DEFAULT_CONF, F_OK) == 0) {
		snprintf(s->where, sizeof(s->where), "%s",
			 FS_SLURM_DEFAULT_CONF);
		if (access(FS_SLURM_DEFAULT_CONF, R_OK) != 0)
			return fs_error(s->e, 0, "cannot read slurm.conf: %s: "
					"%s; point SLURM_CONF at a readable "
					"copy", FS_SLURM_DEFAULT_CONF,
					strerror(errno));
		return 0;
	}
	if (access(FS_SLURM_CACHED_CONF, R_OK) == 0) {
		snprintf(s->where, sizeof(s->where), "%s",
			 FS_SLURM_CACHED_CONF);
		return 0;
	}
	if ((env = getenv("SLURM_CONF_SERVER")) && *env) {
		snprintf(s->where, sizeof(s->where), "SLURM_CONF_SERVER=%s",
			 env);
		return 0;
	}
	return fs_error(s->e, 0, "no slurm.conf: SLURM_CONF is not set and %s "
			"does not exist; set SLURM_CONF to the cluster's "
			"slurm.conf", FS_SLURM_DEFAULT_CONF);
}

/* Standard error into a temporary file while libslurm works; if that cannot
 * be set up, nothing is captured. */
static void
capture_begin(struct session *s)
{
	s->saved = -1;
	s->tmp = NULL;
	fflush(stderr);
	if (!(s->tmp = tmpfile()))
		return;
	if ((s->saved = dup(STDERR_FILENO)) < 0 ||
	    dup2(fileno(s->tmp), STDERR_FILENO) < 0) {
		if (s->saved >= 0)
			close(s->saved);
		s->saved = -1;
		fclose(s->tmp);
		s->tmp = NULL;
	}
}

/*
 * Restore stderr. The most telling line libslurm logged goes to logline
 * (the text after "error: "; a munge failure is preferred, being the cause
 * of the protocol errors logged around it). With pass_on, everything
 * captured is copied to the real stderr.
 */
static void
capture_end(struct session *s, int pass_on)
{
	char buf[1024];
	int best = 0;

	s->logline[0] = '\0';
	if (!s->tmp)
		return;
	fflush(stderr);
	dup2(s->saved, STDERR_FILENO);
	close(s->saved);
	rewind(s->tmp);
	while (fgets(buf, sizeof(buf), s->tmp)) {
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
		if (score > best) {
			snprintf(s->logline, sizeof(s->logline), "%s", p);
			best = score;
		}
	}
	fclose(s->tmp);
	s->tmp = NULL;
}

/* A one-line message for a failed RPC, by the kind of error; what is what
 * was being loaded ("the configuration", "the associations"). The capture
 * ends here. Returns -1. */
static int
fail_rpc(struct session *s, const char *what, int rc)
{
	const char *msg;
	char detail[600] = "";

	capture_end(s, 0);
	msg = slurm_strerror(rc);
	if (s->logline[0])
		snprintf(detail, sizeof(detail), " (%s)", s->logline);
	switch (rc) {
	case SLURM_PROTOCOL_AUTHENTICATION_ERROR:
	case ESLURM_AUTH_CRED_INVALID:
	case ESLURM_AUTH_BADARG:
	case ESLURM_AUTH_UNPACK:
		return fs_error(s->e, 0, "cannot authenticate to slurmctld: "
				"%s%s; is munged running, with the cluster's "
				"key? check AuthType and AuthInfo in %s", msg,
				detail, s->where);
	case ESLURM_ACCESS_DENIED:
	case ESLURM_USER_ID_MISSING:
		return fs_error(s->e, 0, "slurmctld denied %s: %s%s; run as "
				"root, SlurmUser or a Slurm operator, or check "
				"PrivateData in %s", what, msg, detail,
				s->where);
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
		return fs_error(s->e, 0, "cannot reach slurmctld: %s%s; is "
				"slurmctld running? check SlurmctldHost and "
				"SlurmctldPort in %s", msg, detail, s->where);
	default:
		/* Slurm 22.05 answers a user who holds no association under
		 * PrivateData=usage with a reply its own client cannot
		 * unpack: name the likely cause. */
		if (getuid() != 0)
			return fs_error(s->e, 0, "cannot load %s from "
					"slurmctld: %s%s; if slurm.conf sets "
					"PrivateData, run as root, SlurmUser "
					"or a Slurm operator (%s)", what, msg,
					detail, s->where);
		return fs_error(s->e, 0, "cannot load %s from slurmctld: %s%s; "
				"check that slurmctld runs the cluster of %s",
				what, msg, detail, s->where);
	}
}

/* Open a session: slurm.conf checked, libslurm initialised, its stderr
 * captured. Returns 0, or -1 with e set (and nothing to close). */
static void session_close(struct session *s);

/* The names of the clusters in list l, comma separated, into buf. */
static void
cluster_names(fs_slist l, char *buf, size_t size)
{
	fs_slist_itr it = slurm_list_iterator_create(l);
	slurmdb_cluster_rec_t *c;
	size_t len = 0;

	buf[0] = '\0';
	while ((c = slurm_list_next(it)) && len < size)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", c->name);
	slurm_list_iterator_destroy(it);
}

/* The record of cluster name in l (slurmdbd matches names without regard
 * to case), or NULL. */
static slurmdb_cluster_rec_t *
cluster_find(fs_slist l, const char *name, size_t len)
{
	fs_slist_itr it = slurm_list_iterator_create(l);
	slurmdb_cluster_rec_t *c;

	while ((c = slurm_list_next(it)))
		if (c->name && strlen(c->name) == len &&
		    !strncasecmp(c->name, name, len))
			break;
	slurm_list_iterator_destroy(it);
	return c;
}

/*
 * -M's clusters, as sshare and sprio read them: slurmdbd's records of the
 * names given (comma separated) or of "all" its clusters whose slurmctld
 * has registered, in slurmdbd's order (slurmdb_get_info_cluster). sshare
 * answers for each of them in turn, sprio refuses more than one; a tree
 * and a job list are one cluster's, so more than one is refused here,
 * naming them. Where sshare and sprio leave out a name slurmdbd does not
 * know (or whose slurmctld has not registered) and answer for the others,
 * that name is refused. Returns the one record, or NULL with e set.
 */
static slurmdb_cluster_rec_t *
cluster_resolve(struct session *s, const char *cluster)
{
	const char *p, *end;
	char *names, list[512];
	slurmdb_cluster_rec_t *one;
	fs_slist_itr it;
	int all = !strcasecmp(cluster, "all");

	if (!*cluster) {
		fs_error(s->e, 0, "-M: an empty cluster name");
		return NULL;
	}
	names = fs_xstrdup(cluster);
	s->clusters = slurmdb_get_info_cluster(names);
	free(names);
	for (p = cluster; !all && *p; p = *end ? end + 1 : end) {
		end = p + strcspn(p, ",");
		if (end > p && (!s->clusters ||
				!cluster_find(s->clusters, p,
					      (size_t)(end - p)))) {
			capture_end(s, 0);
			fs_error(s->e, 0, "-M %s: slurmdbd knows no cluster "
				 "'%.*s' whose slurmctld has registered%s%s "
				 "(sacctmgr show clusters: its name and "
				 "ControlPort; AccountingStorageHost in %s)",
				 cluster, (int)(end - p), p,
				 s->logline[0] ? ": " : "", s->logline,
				 s->where);
			return NULL;
		}
	}
	if (!s->clusters || !slurm_list_count(s->clusters)) {
		capture_end(s, 0);
		fs_error(s->e, 0, "-M %s: slurmdbd has no cluster whose "
			 "slurmctld has registered%s%s (sacctmgr show "
			 "clusters; AccountingStorageHost in %s)", cluster,
			 s->logline[0] ? ": " : "", s->logline, s->where);
		return NULL;
	}
	if (slurm_list_count(s->clusters) > 1) {
		capture_end(s, 0);
		cluster_names(s->clusters, list, sizeof(list));
		fs_error(s->e, 0, "-M %s: %d clusters (%s): a tree and a job "
			 "list are one cluster's; run once per cluster, with "
			 "-M NAME", cluster, slurm_list_count(s->clusters),
			 list);
		return NULL;
	}
	it = slurm_list_iterator_create(s->clusters);
	one = slurm_list_next(it);
	slurm_list_iterator_destroy(it);
	return one;
}

/* cluster, when not NULL, names another cluster of the same slurmdbd
 * (sshare -M): its controller, as slurmdbd gives it, answers every
 * request (working_cluster_rec). */
static int
session_open(struct session *s, const char *cluster, struct fs_err *e)
{
	memset(s, 0, sizeof(*s));
	s->e = e;
	s->saved = -1;
	if (check_conf(s) < 0)
		return -1;
	capture_begin(s);
	slurm_init(NULL);
	if (!cluster)
		return 0;
	if ((working_cluster_rec = cluster_resolve(s, cluster)))
		return 0;
	session_close(s);
	return -1;
}

/* Close it; what libslurm said is passed on if the capture still runs. */
static void
session_close(struct session *s)
{
	capture_end(s, 1);
	working_cluster_rec = NULL;
	if (s->clusters)
		slurm_list_destroy(s->clusters);
	s->clusters = NULL;
	slurm_fini();
}

/* ---------------------------------------------------------- the tree */

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
		return fs_xstrdup("");
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
		text = fs_xstrdup(strcmp(eq, "(null)") ? eq : "");
	}
	free(buf);
	return text ? text : fs_xstrdup("");
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
put_d(struct fs_buf *b, double v)
{
	if (!unset_d(v))
		fs_buf_printf(b, "%.17g", v);
}

static void
put_ld(struct fs_buf *b, long double v)
{
	if (!unset_ld(v))
		fs_buf_printf(b, "%.21Lg", v);
}

/* "name=value,..." in the controller's TRES order, INFINITE64 entries left
 * out: slurmdb_make_tres_string_from_arrays(TRES_STR_FLAG_REMOVE), as
 * sshare prints GrpTRESMins and TRESRunMins. div turns seconds into minutes. */
static void
put_tres(struct fs_buf *b, char **names, uint32_t n, const uint64_t *v,
	 uint64_t div)
{
	int first = 1;
	uint32_t i;

	if (!names || !v)
		return;
	for (i = 0; i < n; i++) {
		if (v[i] == INFINITE64)
			continue;
		fs_buf_printf(b, "%s%s=%llu", first ? "" : ",",
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

struct node {
	slurmdb_assoc_rec_t *rec;
	const struct fs_share *sh;	/* its row of sshare's reply, or NULL */
	int parent;		/* index in nodes, -1 for the root */
	int *kids;		/* in the controller's list order */
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
	int with_lft;			/* a ListOrder column from lft */
	char *partial;			/* the filter, when rows are left out */
	struct fs_user_default *defaults; /* users' DefaultAccount, sorted */
	size_t ndefaults;
	int held;			/* every row has its sshare row */
};

/* The users' default accounts, sorted by name, from the user records
 * (ASSOC_MGR_INFO_FLAG_USERS); none when slurmctld sent none. */
static void
defaults_load(struct dump_info *di, fs_slist users)
{
	fs_slist_itr it;
	slurmdb_user_rec_t *u;
	size_t n = users ? (size_t)slurm_list_count(users) : 0;

	di->defaults = NULL;
	di->ndefaults = 0;
	if (!n)
		return;
	di->defaults = fs_xcalloc(n, sizeof(*di->defaults));
	it = slurm_list_iterator_create(users);
	while ((u = slurm_list_next(it)) && di->ndefaults < n)
		if (u->name && u->default_acct && *u->default_acct) {
			di->defaults[di->ndefaults].name = u->name;
			di->defaults[di->ndefaults++].acct = u->default_acct;
		}
	slurm_list_iterator_destroy(it);
	fs_user_defaults_sort(di->defaults, di->ndefaults);
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

static int
partial_tree(struct fs_err *e)
{
	return fs_error(e, 0, "slurmctld sent only part of the association "
			"tree (PrivateData=usage); run as root, SlurmUser or "
			"a Slurm operator");
}

/*
 * Rebuild the tree from id/parent_id. A record whose parent did not come
 * back, or no root, means slurmctld sent part of the tree (PrivateData).
 */
static int
tree_build(struct session *s, fs_slist list, struct tree *t,
	   int private_usage)
{
	struct id_index *ids;
	fs_slist_itr it;
	slurmdb_assoc_rec_t *rec;
	int i, n = list ? slurm_list_count(list) : 0, *fill, pos;

	memset(t, 0, sizeof(*t));
	t->root = -1;
	if (n <= 0)
		return fs_error(s->e, 0, "slurmctld holds no associations; is "
				"AccountingStorageType=accounting_storage/"
				"slurmdbd set in %s?", s->where);
	t->nodes = fs_xcalloc((size_t)n, sizeof(*t->nodes));
	t->kid_pool = fs_xcalloc((size_t)n, sizeof(*t->kid_pool));
	ids = fs_xcalloc((size_t)n, sizeof(*ids));
	fill = fs_xcalloc((size_t)n, sizeof(*fill));
	it = slurm_list_iterator_create(list);
	for (i = 0; i < n && (rec = slurm_list_next(it)); i++) {
		t->nodes[i].rec = rec;
		t->nodes[i].parent = -1;
		ids[i].id = rec->id;
		ids[i].index = i;
	}
	slurm_list_iterator_destroy(it);
	t->n = n = i;
	/* The names stand in the tree's fields, which hold no tab, line
	 * break or NUL (fs-tsv(5)): one would split its row. */
	for (i = 0; i < n; i++) {
		slurmdb_assoc_rec_t *r = t->nodes[i].rec;
		const char *name[3] = {r->acct, r->user, r->partition};
		int k;

		for (k = 0; k < 3; k++)
			if (name[k] && fs_field_bad(name[k], strlen(name[k]))) {
				char q[256];

				fs_error(s->e, 0, "association %u: %s name %s "
					 "has a tab or a line break, which a "
					 "field of the TSV tree cannot hold",
					 r->id, k == 0 ? "account" : k == 1
						? "user" : "partition",
					 fs_quote(q, sizeof(q), name[k],
						  strlen(name[k])));
				goto bad;
			}
	}
	qsort(ids, (size_t)n, sizeof(*ids), id_cmp);

	for (i = 0; i < n; i++) {
		slurmdb_assoc_rec_t *r = t->nodes[i].rec;
		struct id_index key = {r->parent_id, 0}, *p;

		if (!r->user && r->parent_id == 0) {
			if (t->root >= 0) {
				fs_error(s->e, 0, "slurmctld sent two root "
					 "associations (%u and %u)",
					 t->nodes[t->root].rec->id, r->id);
				goto bad;
			}
			t->root = i;
			continue;
		}
		p = bsearch(&key, ids, (size_t)n, sizeof(*ids), id_cmp);
		if (!p || t->nodes[p->index].rec->user) {
			if (private_usage)
				partial_tree(s->e);
			else
				fs_error(s->e, 0, "association %u (account "
					 "'%s') has parent %u, which slurmctld "
					 "did not send", r->id,
					 str_or_empty(r->acct), r->parent_id);
			goto bad;
		}
		t->nodes[i].parent = p->index;
		t->nodes[p->index].nkids++;
	}
	if (t->root < 0) {
		if (private_usage)
			partial_tree(s->e);
		else
			fs_error(s->e, 0, "slurmctld sent no root association");
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
	free(ids);
	free(fill);
	return 0;
bad:
	free(ids);
	free(fill);
	tree_release(t);
	return -1;
}

static void
keep_ancestors(struct tree *t, int i)
{
	for (i = t->nodes[i].parent; i >= 0 && !t->nodes[i].keep;
	     i = t->nodes[i].parent)
		t->nodes[i].keep = 1;
}

/* Whether usr names the user row acct/user: USER, or ACCOUNT/USER or
 * ACCOUNT/USER/PARTITION as the toolkit names a user (fs_spec_split). */
static int
user_named(const char *const *usr, const struct node *nd)
{
	const char *acct = str_or_empty(nd->rec->acct);
	const char *part = str_or_empty(nd->rec->partition);
	char *w[3];
	int n, hit;

	for (; *usr; usr++) {
		if (!strcmp(*usr, nd->rec->user))
			return 1;
		if (!strchr(*usr, '/') || (n = fs_spec_split(*usr, w, 3)) < 2)
			continue;
		hit = !strcmp(w[0], acct) && !strcmp(w[1], nd->rec->user) &&
		      (n < 3 || !strcmp(w[2], part));
		free(w[0]);
		if (hit)
			return 1;
	}
	return 0;
}

/* Mark the rows to write (struct fs_live_filter). Walks the tree from the
 * root with an explicit stack; insub is set below a named account. */
static void
tree_filter(struct tree *t, const struct fs_live_filter *o)
{
	const char *const *acc = o && o->accounts && o->accounts[0] ?
				 o->accounts : NULL;
	const char *const *usr = o && o->users && o->users[0] ?
				 o->users : NULL;
	int *stack, *insub, top = 0, i;

	for (i = 0; i < t->n; i++)
		t->nodes[i].keep = !acc && !usr;
	if (!acc && !usr)
		return;
	stack = fs_xmalloc((size_t)t->n * sizeof(*stack));
	insub = fs_xcalloc((size_t)t->n, sizeof(*insub));
	stack[top++] = t->root;
	while (top > 0) {
		struct node *nd = &t->nodes[i = stack[--top]];
		int k, named = 0;

		if (acc && !nd->rec->user && fs_list_has(acc, nd->rec->acct, 1))
			named = 1;
		if (named || (nd->parent >= 0 && insub[nd->parent]))
			insub[i] = 1;
		if (nd->rec->user) {
			if ((!acc || insub[i]) &&
			    (!usr || user_named(usr, nd))) {
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
}

static void
put_row(struct fs_buf *b, const struct tree *t, int i,
	const struct dump_info *di)
{
	const slurmdb_assoc_rec_t *r = t->nodes[i].rec;
	const slurmdb_assoc_usage_t *u = r->usage;
	const struct fs_share *sh = t->nodes[i].sh;
	const char *parent = "";
	uint32_t n = di->tres_cnt;

	if (r->user)
		parent = str_or_empty(r->acct);
	else if (t->nodes[i].parent >= 0)
		parent = str_or_empty(t->nodes[t->nodes[i].parent].rec->acct);
	if (u && u->tres_cnt < n)
		n = u->tres_cnt;

	/* Account User Partition Parent */
	fs_buf_printf(b, "%s\t%s\t%s\t%s\t", str_or_empty(r->acct),
		      str_or_empty(r->user), str_or_empty(r->partition),
		      parent);
	/* RawShares */
	if (r->shares_raw == SLURMDB_FS_USE_PARENT)
		fs_buf_addstr(b, "parent");
	else if (!(i == t->root && r->shares_raw == NO_VAL))
		fs_buf_printf(b, "%u", r->shares_raw);
	fs_buf_addch(b, '\t');
	/* RawUsage */
	if (u)
		fs_buf_printf(b, "%.6Lf", u->usage_raw);
	fs_buf_addch(b, '\t');
	/* GrpTRESMins TRESRunMins */
	put_tres(b, di->tres_names, n, r->grp_tres_mins_ctld, 1);
	fs_buf_addch(b, '\t');
	if (u)
		put_tres(b, di->tres_names, n, u->grp_used_tres_run_secs, 60);
	fs_buf_addch(b, '\t');
	/* ID ParentID */
	fs_buf_printf(b, "%u\t", r->id);
	if (i != t->root)
		fs_buf_printf(b, "%u", r->parent_id);
	fs_buf_addch(b, '\t');
	/* SlurmNormShares SlurmNormUsage SlurmEffectvUsage SlurmLevelFS
	 * SlurmFairShare */
	if (u && sh) {
		/* What sshare printed, as the bits it received. */
		put_d(b, u->shares_norm);
		fs_buf_addch(b, '\t');
		put_d(b, sh->usage_norm);
		fs_buf_addch(b, '\t');
		put_d(b, sh->usage_efctv);
		fs_buf_addch(b, '\t');
		if (di->fairtree)
			put_d(b, sh->level_fs);
		fs_buf_addch(b, '\t');
		if (r->user && (di->fairtree || di->ctld_keeps_classic_fs))
			put_d(b, sh->fs_factor);
	} else if (u) {
		put_d(b, u->shares_norm);
		fs_buf_addch(b, '\t');
		put_ld(b, u->usage_norm);
		fs_buf_addch(b, '\t');
		put_ld(b, u->usage_efctv);
		fs_buf_addch(b, '\t');
		/* Level FS is Fair Tree's; the other algorithms leave 0. */
		if (di->fairtree)
			put_ld(b, u->level_fs);
		fs_buf_addch(b, '\t');
		/* Slurm computes no factor for accounts; before 25.11 the
		 * controller keeps none for classic/depth-oblivious users
		 * either (sshare computes those in the client). */
		/* From 25.11 the controller keeps a classic user's factor,
		 * but computes it only when asked (sshare, a job's priority):
		 * until then usage_efctv is unset and fs_factor 0. */
		if (r->user && (di->fairtree || (di->ctld_keeps_classic_fs &&
						 !unset_ld(u->usage_efctv))))
			put_d(b, u->fs_factor);
	} else {
		fs_buf_addstr(b, "\t\t\t\t");
	}
	/* DefaultAccount, on user rows */
	fs_buf_addch(b, '\t');
	if (r->user)
		fs_buf_addstr(b, fs_user_default_of(di->defaults,
						     di->ndefaults, r->user));
#ifdef FS_HAVE_LFT
	if (di->with_lft)
		fs_buf_printf(b, "\t%u", r->lft);
#endif
	fs_buf_addch(b, '\n');
}

/* The filter as fs-tree's options, for the partial metadata; NULL for
 * none. */
static char *
partial_text(const struct fs_live_filter *f)
{
	struct fs_buf b;
	size_t i;

	if (!f || (!f->accounts && !f->users))
		return NULL;
	fs_buf_init(&b);
	if (f->accounts) {
		fs_buf_addstr(&b, "-A ");
		for (i = 0; f->accounts[i]; i++)
			fs_buf_printf(&b, "%s%s", i ? "," : "", f->accounts[i]);
	}
	if (f->users) {
		fs_buf_addstr(&b, f->accounts ? " -u " : "-u ");
		for (i = 0; f->users[i]; i++)
			fs_buf_printf(&b, "%s%s", i ? "," : "", f->users[i]);
	}
	return b.data;
}

/* How many users' FairShare, ranked here from the TSV tree text, differ
 * from the controller's own (SlurmFairShare, as it travels: v*1e6/1e6). */
static long
mismatches(const struct fs_buf *text)
{
	struct fs_buf copy;
	struct fs_table t;
	struct fs_tree tr;
	struct fs_rank_opts ro;
	struct fs_err e = {NULL, 0, ""};
	long bad = 0;
	uint32_t i;
	int c;

	fs_buf_init(&copy);
	fs_buf_add(&copy, text->data, text->len);
	if (fs_table_parse(&t, &copy, &e) < 0)
		return -1;
	if ((c = fs_header_col(&t.h, FS_COL_SLURM_FAIR_SHARE)) < 0 ||
	    fs_rank_opts_from_meta(&ro, &t.h, NULL, -1, 0, &e) < 0 ||
	    fs_tree_build(&tr, &t, &e) < 0) {
		fs_table_release(&t);
		return -1;
	}
	fs_rank(&tr, &ro);
	for (i = 0; i < tr.n; i++) {
		const char *f = fs_table_field(&t, i, (size_t)c);

		if (tr.node[i].is_user && *f &&
		    tr.node[i].fs_factor * 1e6 / 1e6 != strtod(f, NULL))
			bad++;
	}
	fs_tree_release(&tr);
	fs_table_release(&t);
	return bad;
}

/* PrivateData's names for the bits of pd, comma-separated ("" for none),
 * as slurm.conf(5) spells them; an unknown bit as "bitN", so that a reader
 * that looks for the names it knows never takes it for none. */
static void
private_data_text(uint16_t pd, char out[160])
{
	static const char *const names[] = {"jobs", "nodes", "partitions",
		"usage", "users", "accounts", "reservations", "cloud",
		"events"};
	size_t len = 0, nn = sizeof(names) / sizeof(*names);
	unsigned k;

	out[0] = '\0';
	for (k = 0; k < 16; k++) {
		if (!(pd & (1u << k)))
			continue;
		if (k < nn)
			len += (size_t)snprintf(out + len, 160 - len, "%s%s",
						len ? "," : "", names[k]);
		else
			len += (size_t)snprintf(out + len, 160 - len,
						"%sbit%u", len ? "," : "", k);
	}
}

/* The TSV tree of msg's associations into out, rows depth first in the
 * controller's list order: 0, or -1 with e set when a metadata value
 * has a control character (out then holds a part of the tree). */
static int
put_tree(struct fs_buf *out, slurm_conf_t *conf,
	 struct tree *t, const struct dump_info *di, const char *rule,
	 long long now, struct fs_err *e)
{
	char taken[32], hl[32], period[32], damp[32], pd[160], *flags;
	int *stack, top = 0, bad;

	fs_iso_time(now, taken);
	snprintf(hl, sizeof(hl), "%u", conf->priority_decay_hl);
	snprintf(period, sizeof(period), "%u", conf->priority_calc_period);
	snprintf(damp, sizeof(damp), "%u", (unsigned)conf->fs_dampening_factor);
	flags = priority_flags_text(conf);
	private_data_text(conf->private_data, pd);
	/* Through the prologue's one writer, which refuses a value with a
	 * control character (fs-tsv(5)); the first refused sets e. Refused,
	 * not mended: slurm.conf's values are lines of it and hold no line
	 * break, so one can only come from an argument (-A, -u), and a tree
	 * whose #partial (or #cluster) were changed on the way would name a
	 * filter (or a cluster) that is not the one given. */
	fs_prologue_start(out, FS_TSV_MAGIC);
	bad = fs_meta_put_checked(out, "cluster", conf->cluster_name, e) < 0 ||
	      fs_meta_put_checked(out, "taken", taken, e) < 0 ||
	      fs_meta_put_checked(out, "source", "live", e) < 0 ||
	      fs_meta_put_checked(out, "slurm_version", conf->version, e) < 0 ||
	      fs_meta_put_checked(out, "half_life", hl, e) < 0 ||
	      fs_meta_put_checked(out, "calc_period", period, e) < 0 ||
	      fs_meta_put_checked(out, "priority_flags", flags, e) < 0 ||
	      fs_meta_put_checked(out, "algorithm",
				  algorithm_name(conf->priority_flags),
				  e) < 0 ||
	      fs_meta_put_checked(out, "dampening", damp, e) < 0 ||
	      fs_meta_put_checked(out, "priority_type", conf->priority_type,
				  e) < 0 ||
	      fs_meta_put_checked(out, "sibling_order", "controller", e) < 0 ||
	      fs_meta_put_checked(out, "sibling_rule", rule, e) < 0 ||
	      fs_meta_put_checked(out, "private_data", pd, e) < 0 ||
	      (di->held && fs_meta_put_checked(out, FS_TSV_VALUES,
					       FS_TSV_VALUES_CTLD, e) < 0) ||
	      (di->partial &&
	       fs_meta_put_checked(out, FS_TSV_PARTIAL, di->partial, e) < 0) ||
	      fs_meta_put_checked(out, FS_TSV_TRAILER, FS_TSV_END, e) < 0;
	free(flags);
	if (bad)
		return -1;
	fs_buf_addstr(out, FS_COL_ACCOUNT "\t" FS_COL_USER "\t"
		      FS_COL_PARTITION "\t" FS_COL_PARENT "\t"
		      FS_COL_RAW_SHARES "\t" FS_COL_RAW_USAGE "\t"
		      FS_COL_GRP_TRES_MINS "\t" FS_COL_TRES_RUN_MINS "\t"
		      FS_COL_ID "\t" FS_COL_PARENT_ID "\t"
		      FS_COL_SLURM_NORM_SHARES "\t" FS_COL_SLURM_NORM_USAGE "\t"
		      FS_COL_SLURM_EFFECTV_USAGE "\t" FS_COL_SLURM_LEVEL_FS "\t"
		      FS_COL_SLURM_FAIR_SHARE "\t" FS_COL_DEFAULT_ACCOUNT);
	fs_buf_addstr(out, di->with_lft ? "\t" FS_COL_LIST_ORDER "\n" : "\n");
	stack = fs_xmalloc((size_t)t->n * sizeof(*stack));
	stack[top++] = t->root;
	while (top > 0) {
		int i = stack[--top], k;

		if (t->nodes[i].keep)
			put_row(out, t, i, di);
		for (k = t->nodes[i].nkids - 1; k >= 0; k--)
			stack[top++] = t->nodes[i].kids[k];
	}
	free(stack);
	fs_buf_addstr(out, FS_TSV_END "\n");
	return 0;
}

/* Each association's row of sshare's reply, by id: 1 when every one has
 * its row (a pass that adds an association between the two requests
 * leaves one without). */
static int
join_shares(struct tree *t, struct fs_shares_resp *sr)
{
	struct id_index *ids;
	fs_slist_itr it;
	struct fs_share *sh;
	int i, held = 1;

	if (!sr || !sr->assoc_shares_list)
		return 0;
	ids = fs_xcalloc((size_t)t->n, sizeof(*ids));
	for (i = 0; i < t->n; i++) {
		ids[i].id = t->nodes[i].rec->id;
		ids[i].index = i;
	}
	qsort(ids, (size_t)t->n, sizeof(*ids), id_cmp);
	it = slurm_list_iterator_create(sr->assoc_shares_list);
	while ((sh = slurm_list_next(it))) {
		struct id_index key = {sh->assoc_id, 0}, *p;

		p = bsearch(&key, ids, (size_t)t->n, sizeof(*ids), id_cmp);
		if (p)
			t->nodes[p->index].sh = sh;
	}
	slurm_list_iterator_destroy(it);
	for (i = 0; i < t->n; i++)
		held = held && t->nodes[i].sh;
	free(ids);
	return held;
}

/*
 * The whole TSV tree of msg's associations into out (docs/slurm-order.md).
 * The rows stand in the controller's list order, which
 * is the order of Fair Tree's children lists from 23.11 on (lineage). A
 * 22.05 or 23.02 controller lists by name but, until its first association
 * change since start-up, walks in the database's lft order: both trees are
 * ranked here, and the one that agrees better with the controller's own
 * FairShare is kept, the name order when neither is better. Returns 0, or
 * -1 with s->e set and nothing appended.
 */
static int
write_tree(struct session *s, slurm_conf_t *conf, assoc_mgr_info_msg_t *msg,
	   struct fs_shares_resp *sr, const struct fs_live_filter *f,
	   long long now, struct fs_buf *out)
{
	struct tree t;
	struct dump_info di;
	int lineage = fs_release_has(conf->version, FS_REL_CTLD_LINEAGE) > 0;
	int private_usage = (conf->private_data & PRIVATE_DATA_USAGE) &&
			    getuid() != 0 && getuid() != conf->slurm_user_id;
	size_t len0 = out->len;
	int r;

	if (tree_build(s, msg->assoc_list, &t, private_usage) < 0)
		return -1;
	memset(&di, 0, sizeof(di));
	di.held = join_shares(&t, sr);
	di.tres_names = msg->tres_names;
	di.tres_cnt = msg->tres_cnt;
	defaults_load(&di, msg->user_list);
	di.fairtree = !strcmp(algorithm_name(conf->priority_flags), "fairtree");
	/* Whether slurmctld keeps the classic and depth-oblivious fs_factor
	 * too (docs/slurm.md §3.5). */
	di.ctld_keeps_classic_fs = fs_release_has(conf->version,
						  FS_REL_CTLD_CLASSIC_FS) > 0;
	if (lineage || !di.fairtree) {
		tree_filter(&t, f);
		di.partial = partial_text(f);
		r = put_tree(out, conf, &t, &di, lineage ? "lineage" : "name",
			     now, s->e);
	} else {
		struct fs_buf a, b;
		long ma, mb = -1;

		/* Ranked whole, shown filtered. */
		tree_filter(&t, NULL);
		fs_buf_init(&a);
		fs_buf_init(&b);
		r = put_tree(&a, conf, &t, &di, "name", now, s->e);
		ma = r < 0 ? -1 : mismatches(&a);
#ifdef FS_HAVE_LFT
		di.with_lft = 1;
		if (r == 0 && put_tree(&b, conf, &t, &di, "created", now,
				       s->e) == 0)
			mb = mismatches(&b);
#endif
		di.with_lft = mb >= 0 && (ma < 0 || mb < ma);
		tree_filter(&t, f);
		di.partial = partial_text(f);
		if (r == 0)
			r = put_tree(out, conf, &t, &di, di.with_lft ? "created" :
				     "name", now, s->e);
		fs_buf_release(&a);
		fs_buf_release(&b);
	}
	if (r < 0)
		out->len = len0;
	free(di.partial);
	free(di.defaults);
	tree_release(&t);
	return r;
}

/* The configuration, the association records (and QOS with qos) and
 * sshare's reply for every association. */
static int
load_conf_assocs(struct session *s, int qos, slurm_conf_t **conf,
		 assoc_mgr_info_msg_t **msg, struct fs_shares_resp **sr)
{
	assoc_mgr_info_request_msg_t req;
	struct fs_shares_req sq = {NULL, NULL};

	*conf = NULL;
	*msg = NULL;
	*sr = NULL;
	if (slurm_load_ctl_conf((time_t)0, conf) != SLURM_SUCCESS) {
		*conf = NULL;
		return fail_rpc(s, "the configuration", errno);
	}
	memset(&req, 0, sizeof(req));
	/* The user records give each user's DefaultAccount. */
	req.flags = ASSOC_MGR_INFO_FLAG_ASSOC | ASSOC_MGR_INFO_FLAG_USERS;
	if (qos)
		req.flags |= ASSOC_MGR_INFO_FLAG_QOS;
	if (slurm_load_assoc_mgr_info(&req, msg) != SLURM_SUCCESS) {
		*msg = NULL;
		return fail_rpc(s, "the associations", errno);
	}
	if (slurm_associations_get_shares(&sq, sr) != SLURM_SUCCESS) {
		*sr = NULL;
		return fail_rpc(s, "the shares", errno);
	}
	return 0;
}

static void
free_conf_assocs(slurm_conf_t *conf, assoc_mgr_info_msg_t *msg,
		 struct fs_shares_resp *sr)
{
	if (sr)
		slurm_free_shares_response_msg(sr);
	if (msg)
		slurm_free_assoc_mgr_info_msg(msg);
	if (conf)
		fs_free_ctl_conf(conf);
}

int
fs_live_tree(const struct fs_live_filter *f, struct fs_buf *out,
	     struct fs_err *e)
{
	struct session s;
	slurm_conf_t *conf;
	assoc_mgr_info_msg_t *msg;
	struct fs_shares_resp *sr;
	size_t len0 = out->len;
	int ret;

	if (session_open(&s, f ? f->cluster : NULL, e) < 0)
		return -1;
	ret = load_conf_assocs(&s, 0, &conf, &msg, &sr);
	if (!ret) {
		capture_end(&s, 1);
		ret = write_tree(&s, conf, msg, sr, f, (long long)time(NULL),
				 out);
	}
	free_conf_assocs(conf, msg, sr);
	session_close(&s);
	if (ret < 0 && out->len > len0) {
		out->len = len0;
		out->data[len0] = '\0';
	}
	return ret;
}

/* ---------------------------------------------------------- fs-prio */

static char *
dup_or_empty(const char *s)
{
	return fs_xstrdup(s ? s : "");
}

static int
prio_conf(struct fs_prio_snapshot *s, const slurm_conf_t *cf, struct fs_err *e)
{
	struct fs_prio_conf *c = &s->conf;
	struct fs_err te = {NULL, 0, ""};

	c->type_multifactor = cf->priority_type &&
		!strcmp(cf->priority_type, "priority/multifactor");
	c->w_age = cf->priority_weight_age;
	c->w_assoc = cf->priority_weight_assoc;
	c->w_fs = cf->priority_weight_fs;
	c->w_js = cf->priority_weight_js;
	c->w_part = cf->priority_weight_part;
	c->w_qos = cf->priority_weight_qos;
	c->max_age = cf->priority_max_age;
	c->favor_small = cf->priority_favor_small;
	c->dampening = cf->fs_dampening_factor;
	/* Slurm sets FAIR_TREE unless NO_FAIR_TREE was given. */
	c->flags = cf->priority_flags & FS_LIVE_PRIO_FLAGS;
	if (!(c->flags & (FS_PRIO_FAIR_TREE | FS_PRIO_DEPTH_OBLIVIOUS)))
		c->flags |= FS_PRIO_NO_FAIR_TREE;
	if (cf->priority_weight_tres && *cf->priority_weight_tres &&
	    fs_prio_parse_tres_weights(c, cf->priority_weight_tres, &te) < 0)
		return fs_error(e, 0, "%s", te.msg);
	free(s->cl.cluster);
	s->cl.cluster = dup_or_empty(cf->cluster_name);
	return 0;
}

/* The nodes' counts into s; *mp is kept for prio_partitions. */
static int
prio_nodes(struct session *ss, struct fs_prio_snapshot *s,
	   node_info_msg_t **mp)
{
	node_info_msg_t *m = NULL;
	uint32_t i;

	if (slurm_load_node((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fail_rpc(ss, "the nodes", errno);
	*mp = m;
	s->cl.nodes = 0;
	s->cl.cpus = 0;
	for (i = 0; i < m->record_count; i++) {
		if (!m->node_array[i].name)
			continue;
		s->cl.nodes++;
		s->cl.cpus += m->node_array[i].cpus_efctv ?
			m->node_array[i].cpus_efctv : m->node_array[i].cpus;
	}
	s->conf.nodes = s->cl.nodes;
	s->conf.cpus = s->cl.cpus;
	return 0;
}

/* The RealMemory of partition p's largest node, from its node_inx (pairs
 * of first and last index into the nodes, ending with -1). */
static double
part_max_mem(const partition_info_t *p, const node_info_msg_t *nodes)
{
	double max = 0;
	int32_t i, k;

	for (i = 0; p->node_inx && p->node_inx[i] >= 0; i += 2)
		for (k = p->node_inx[i]; k <= p->node_inx[i + 1]; k++)
			if (k >= 0 && (uint32_t)k < nodes->record_count &&
			    nodes->node_array[k].name &&
			    (double)nodes->node_array[k].real_memory > max)
				max = (double)nodes->node_array[k].real_memory;
	return max;
}

/* Whether partitions a and b share a node: their node_inx ranges meet. */
static int
parts_meet(const partition_info_t *a, const partition_info_t *b)
{
	int32_t i, k;

	for (i = 0; a->node_inx && a->node_inx[i] >= 0; i += 2)
		for (k = 0; b->node_inx && b->node_inx[k] >= 0; k += 2)
			if (a->node_inx[i] <= b->node_inx[k + 1] &&
			    b->node_inx[k] <= a->node_inx[i + 1])
				return 1;
	return 0;
}

/* Each partition's neighbours on the nodes (fs_prio_part's shares). */
static void
part_shares(struct fs_prio_snapshot *s, const partition_info_msg_t *m)
{
	uint32_t i, k;

	for (i = 0; i < m->record_count && i < s->cl.npart; i++) {
		struct fs_buf b;

		fs_buf_init(&b);
		for (k = 0; k < m->record_count; k++)
			if (k != i && parts_meet(&m->partition_array[i],
						 &m->partition_array[k]))
				fs_buf_printf(&b, "%s%s", b.len ? "," : "",
					      s->cl.part[k].name);
		s->cl.part[i].shares = b.data ? b.data : fs_xstrdup("");
	}
}

static int
prio_partitions(struct session *ss, struct fs_prio_snapshot *s,
		const node_info_msg_t *nodes)
{
	partition_info_msg_t *m = NULL;
	struct fs_err te = {NULL, 0, ""};
	uint32_t i;

	if (slurm_load_partitions((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fail_rpc(ss, "the partitions", errno);
	s->cl.part = fs_xcalloc(m->record_count + 1, sizeof(*s->cl.part));
	s->part_tres = fs_xcalloc(m->record_count + 1, sizeof(*s->part_tres));
	for (i = 0; i < m->record_count; i++) {
		partition_info_t *p = &m->partition_array[i];
		struct fs_prio_part *q = &s->cl.part[s->cl.npart];

		q->name = dup_or_empty(p->name);
		q->nodes = dup_or_empty(p->nodes);
		q->job_factor = p->priority_job_factor;
		q->tier = p->priority_tier;
		q->max_time = p->max_time;
		q->default_time = p->default_time;
		q->is_default = !!(p->flags & PART_FLAG_DEFAULT);
		q->billing = p->billing_weights_str && *p->billing_weights_str
			     ? fs_xstrdup(p->billing_weights_str) : NULL;
		q->node_count = p->total_nodes;
		q->cpus = p->total_cpus;
		q->max_mem = part_max_mem(p, nodes);
		s->cl.npart++;
		if (p->tres_fmt_str &&
		    fs_prio_parse_tres_counts(&s->conf, p->tres_fmt_str,
					      s->part_tres[s->cl.npart - 1],
					      &te) < 0) {
			slurm_free_partition_info_msg(m);
			return fs_error(ss->e, 0, "partition '%s': %s", q->name,
					te.msg);
		}
		if (q->job_factor > s->cl.part_max)
			s->cl.part_max = q->job_factor;
	}
	part_shares(s, m);
	slurm_free_partition_info_msg(m);
	return 0;
}

/* QOS and association priorities. */
static void
prio_assocs(struct fs_prio_snapshot *s, assoc_mgr_info_msg_t *m)
{
	fs_slist_itr it;
	slurmdb_qos_rec_t *q;
	slurmdb_assoc_rec_t *a;
	size_t n;

	if (m->qos_list) {
		n = (size_t)slurm_list_count(m->qos_list);
		s->qos = fs_xcalloc(n + 1, sizeof(*s->qos));
		it = slurm_list_iterator_create(m->qos_list);
		while ((q = slurm_list_next(it))) {
			s->qos[s->nqos].name = dup_or_empty(q->name);
			s->qos[s->nqos].prio = q->priority == FS_INFINITE ? 0
					       : q->priority;
			/* Slurm applies it when not negative; unset is 1. */
			s->qos[s->nqos].usage_factor =
				q->usage_factor >= 0 &&
				q->usage_factor != (double)NO_VAL
				? q->usage_factor : 1;
			if (s->qos[s->nqos].prio > s->qos_max)
				s->qos_max = s->qos[s->nqos].prio;
			s->nqos++;
		}
		slurm_list_iterator_destroy(it);
	}
	if (m->assoc_list) {
		n = (size_t)slurm_list_count(m->assoc_list);
		s->assoc = fs_xcalloc(n + 1, sizeof(*s->assoc));
		it = slurm_list_iterator_create(m->assoc_list);
		while ((a = slurm_list_next(it))) {
			struct fs_prio_assoc *p = &s->assoc[s->nassoc++];

			p->acct = dup_or_empty(a->acct);
			p->user = dup_or_empty(a->user);
			p->part = dup_or_empty(a->partition);
			p->prio = a->priority == FS_INFINITE ? 0 : a->priority;
			if (p->prio > s->assoc_max)
				s->assoc_max = p->prio;
		}
		slurm_list_iterator_destroy(it);
	}
}

static char *
user_name(uint32_t uid, const char *given)
{
	struct passwd *pw;
	char buf[32];

	if (given && *given)
		return fs_xstrdup(given);
	if ((pw = getpwuid((uid_t)uid)))
		return fs_xstrdup(pw->pw_name);
	snprintf(buf, sizeof(buf), "%u", uid);
	return fs_xstrdup(buf);
}

/* A job's row from its record. */
static void
job_row(struct fs_prio_pending *p, const slurm_job_info_t *j)
{
	char id[32];

	snprintf(id, sizeof(id), "%u", j->job_id);
	p->id = fs_xstrdup(id);
	p->user = user_name(j->user_id, j->user_name);
	p->acct = dup_or_empty(j->account);
	/* A pending job's partitions and QOS as it asked for them:
	 * "main,high" and, from 24.11, "high,low" (the controller's
	 * details->qos_req). fs_prio_split_jobs makes a row of each pair, as
	 * sprio lists them; job_info's priority_array (one priority per
	 * pair, whose names, priority_array_names, are the partitions alone)
	 * is not read: each row is computed. */
	p->part = dup_or_empty(j->partition);
	p->qos = dup_or_empty(j->qos);
	p->tres = j->tres_alloc_str && *j->tres_alloc_str ?
		fs_xstrdup(j->tres_alloc_str) :
		j->tres_req_str ? fs_xstrdup(j->tres_req_str) : NULL;
	p->accrue = (long long)j->accrue_time;
	p->cpus = j->num_cpus;
	/* The controller sends an unset max_cpus as 0. */
	p->max_cpus = j->max_cpus ? j->max_cpus : FS_NO_VAL;
	p->nodes = j->num_nodes;
	p->time_limit = j->time_limit;
	p->nice = (int64_t)j->nice - (int64_t)NICE_OFFSET;
	p->site = (int64_t)j->site_factor - (int64_t)NICE_OFFSET;
	p->slurm_prio = j->priority;
}

/* The jobs sprio lists: the pending ones into s->job; under
 * PriorityFlags=CALCULATE_RUNNING also the others the controller holds
 * (running, or ended and not yet purged: MinJobAge), into *ran, whose rows
 * are the factors it stored (prio_stored). */
static int
prio_jobs(struct session *ss, struct fs_prio_snapshot *s,
	  struct fs_prio_pending **ran, size_t *nran)
{
	job_info_msg_t *m = NULL;
	long long when;
	uint32_t i;

	if (slurm_load_jobs((time_t)0, &m, SHOW_ALL) != SLURM_SUCCESS)
		return fail_rpc(ss, "the jobs", errno);
	s->job = fs_xcalloc(m->record_count + 1, sizeof(*s->job));
	*ran = fs_xcalloc(m->record_count + 1, sizeof(**ran));
	for (i = 0; i < m->record_count; i++) {
		slurm_job_info_t *j = &m->job_array[i];
		int pending = (j->job_state & JOB_STATE_BASE) == JOB_PENDING;

		/* Held jobs (priority 0) wait outside the queue: sprio leaves
		 * them out too, and a federation's revoked sibling. */
		if (!j->priority || (j->job_state & JOB_REVOKED) ||
		    (!pending && !(s->conf.flags & FS_PRIO_CALCULATE_RUNNING)))
			continue;
		/* So is a job not yet eligible: its begin time (eligible_time
		 * in job_info; its submit time under ACCRUE_ALWAYS) unset or
		 * still to come. The controller lists no factors for it
		 * (docs/slurm.md §5.6). */
		when = s->conf.flags & FS_PRIO_ACCRUE_ALWAYS ?
			       (long long)j->submit_time :
			       (long long)j->eligible_time;
		if (!when || when > s->now)
			continue;
		job_row(pending ? &s->job[s->njob++] : &(*ran)[(*nran)++], j);
	}
	slurm_free_job_info_msg(m);
	return 0;
}

/* What the controller stored for a row of a job: its id, the weighted
 * age and QOS factors, and from 23.02 its QOS. */
struct stored_age {
	uint32_t id;
	double age, qos;
	const char *qos_name;
};

static int
by_stored_id(const void *pa, const void *pb)
{
	const struct stored_age *a = pa, *b = pb;

	return (a->id > b->id) - (a->id < b->id);
}

/*
 * When the controller computed the age it stored, as the seconds since
 * accrue it counted: the inverse of set_priority_factors' diff / max_age
 * times the weight, exact (the same doubles give the same factor back). A
 * full age is any time from accrue + max_age on; no age stored, accrue.
 */
static long long
age_time(const struct fs_prio_conf *c, long long accrue, double stored)
{
	long long diff, d;

	if (!c->w_age || !c->max_age || !accrue || !(stored > 0))
		return accrue;
	if (stored >= (double)c->w_age)
		return accrue + c->max_age;
	diff = llround(stored / (double)c->w_age * (double)c->max_age);
	for (d = diff - 1; d <= diff + 1; d++)
		if (d >= 0 && (double)d / (double)c->max_age *
		    (double)c->w_age == stored)
			return accrue + d;
	return accrue + diff;
}

/*
 * A job of several QOS (24.11+): its rows of a QOS of priority 0 take the
 * factor of the job's own QOS, the one the scheduler set last as it tried
 * each (the lowest once tried, the first after a restart), which job_info
 * does not name: as stored for any of those rows (hit is one of the job's
 * among v's n, sorted by id; docs/slurm.md §5.6).
 */
static void
own_qos(struct fs_prio_snapshot *s, struct fs_prio_pending *j,
	const struct stored_age *v, size_t n, const struct stored_age *hit)
{
	const struct stored_age *a = hit;
	int q;

	while (a > v && a[-1].id == hit->id)
		a--;
	for (; a < v + n && a->id == hit->id; a++)
		if (a->qos_name && (q = fs_prio_find_qos(s, a->qos_name)) >= 0 &&
		    !s->qos[q].prio && s->conf.w_qos) {
			j->given |= 4;
			j->given_qos = a->qos / (double)s->conf.w_qos;
			return;
		}
}

/* A job of ran (prio_jobs), by its id as a number. */
static int
by_ran_id(const void *pa, const void *pb)
{
	const struct fs_prio_pending *a = pa, *b = pb;
	unsigned long x = strtoul(a->id, NULL, 10);
	unsigned long y = strtoul(b->id, NULL, 10);

	return (x > y) - (x < y);
}

/* The row of a job not pending (ran: its record's) that the controller
 * lists in partition part (and from 23.02 QOS qos: NULL, for some jobs
 * that ended, is an empty QOS) with the factors f it stored: the weighted
 * ones as they are (docs/slurm.md §5.8). */
static void
stored_row(const struct fs_prio_conf *c, struct fs_prio_pending *r,
	   const struct fs_prio_pending *ran, const char *part,
	   const char *qos, const fs_prio_fact *f)
{
	struct fs_prio_factors pf;
	uint32_t k;

	r->id = fs_xstrdup(ran->id);
	r->user = fs_xstrdup(ran->user);
	r->acct = fs_xstrdup(ran->acct);
	r->part = dup_or_empty(part);
	r->qos = fs_xstrdup(FS_PRIO_OBJ_HAS_QOS ? (qos ? qos : "") : ran->qos);
	r->cpus = ran->cpus;
	r->max_cpus = ran->max_cpus;
	r->nodes = ran->nodes;
	r->accrue = ran->accrue;
	r->time_limit = r->limit = ran->time_limit;
	r->slurm_prio = ran->slurm_prio;
	r->stored = fs_xcalloc(6, sizeof(*r->stored));
	r->tres_mem = fs_xcalloc(3 * c->ntres + 1, sizeof(*r->tres_mem));
	if (f) {
		r->stored[0] = f->priority_age;
		r->stored[1] = f->priority_assoc;
		r->stored[2] = f->priority_fs;
		r->stored[3] = f->priority_js;
		r->stored[4] = f->priority_part;
		r->stored[5] = f->priority_qos;
		r->nice = (int64_t)f->nice - (int64_t)NICE_OFFSET;
		r->site = (int64_t)f->priority_site - (int64_t)NICE_OFFSET;
		for (k = 0; f->priority_tres && f->tres_names &&
			    k < f->tres_cnt; k++) {
			int i = f->tres_names[k] ?
				fs_prio_tres_index(c, f->tres_names[k]) : -1;

			if (i < 0)
				continue;
			r->tres_mem[2 * c->ntres + (size_t)i] =
				f->priority_tres[k];
			if (c->tres_weight[i])
				r->tres_mem[c->ntres + (size_t)i] =
					f->priority_tres[k] /
					c->tres_weight[i];
		}
	}
	fs_prio_factors_of(c, r, &pf);
	r->priority = pf.priority;
	r->fs = pf.fs;
}

/*
 * What the controller stored when it last computed each job's priority
 * (its last priority pass, or the job's submission or update since), read
 * with sprio's own request: a pending job's age becomes its age_at
 * (docs/slurm.md §5.7; a job the reply leaves out keeps 0), and each job
 * of ran (not pending, CALCULATE_RUNNING) a row per partition (and QOS)
 * the reply lists it in, with the factors as stored. ran is freed.
 */
static int
prio_stored(struct session *ss, struct fs_prio_snapshot *s,
	    struct fs_prio_pending *ran, size_t nran)
{
	priority_factors_response_msg_t *m = NULL;
	priority_factors_object_t *o;
	struct stored_age *v, key, *hit;
	struct fs_prio_pending rkey, *r;
	fs_slist_itr it;
	size_t n = 0, i, rows = 0;
	char id[32];
	int ret = 0;

	if (((!s->conf.w_age && !s->conf.w_qos) || !s->njob) && !nran)
		goto out;
	if (fs_load_job_prio(&m) != SLURM_SUCCESS) {
		ret = fail_rpc(ss, "the priority factors", errno);
		goto out;
	}
	if (!m || !m->priority_factors_list)
		goto out;
	v = fs_xcalloc((size_t)slurm_list_count(m->priority_factors_list) + 1,
		       sizeof(*v));
	it = slurm_list_iterator_create(m->priority_factors_list);
	while ((o = slurm_list_next(it))) {
		v[n].id = FS_PRIO_OBJ_JOB(o);
		v[n].age = FS_PRIO_OBJ_AGE(o);
		v[n].qos = FS_PRIO_OBJ_F(o) ?
			FS_PRIO_OBJ_F(o)->priority_qos : 0.0;
		v[n++].qos_name = FS_PRIO_OBJ_QOS(o);
	}
	slurm_list_iterator_destroy(it);
	qsort(v, n, sizeof(*v), by_stored_id);
	for (i = 0; i < s->njob; i++) {
		struct fs_prio_pending *j = &s->job[i];

		key.id = (uint32_t)strtoul(j->id, NULL, 10);
		if ((hit = bsearch(&key, v, n, sizeof(*v), by_stored_id))) {
			j->age_at = age_time(&s->conf, j->accrue, hit->age);
			if (strchr(j->qos, ','))
				own_qos(s, j, v, n, hit);
		}
	}
	free(v);
	if (!nran)
		goto out;
	/* Room for a row of each object, more than these need. */
	s->job = fs_xreallocarray(s->job, s->njob + n + 1, sizeof(*s->job));
	memset(s->job + s->njob, 0, (n + 1) * sizeof(*s->job));
	qsort(ran, nran, sizeof(*ran), by_ran_id);
	memset(&rkey, 0, sizeof(rkey));
	rkey.id = id;
	it = slurm_list_iterator_create(m->priority_factors_list);
	while ((o = slurm_list_next(it))) {
		snprintf(id, sizeof(id), "%u", FS_PRIO_OBJ_JOB(o));
		if ((r = bsearch(&rkey, ran, nran, sizeof(*ran), by_ran_id)))
			stored_row(&s->conf, &s->job[s->njob + rows++], r,
				   o->partition, FS_PRIO_OBJ_QOS(o),
				   FS_PRIO_OBJ_F(o));
	}
	slurm_list_iterator_destroy(it);
	s->njob += rows;
out:
	slurm_free_priority_factors_response_msg(m);
	for (i = 0; i < nran; i++)
		fs_prio_pending_free(&ran[i]);
	free(ran);
	return ret;
}

int
fs_live_prio(struct fs_prio_snapshot *s, const char *cluster,
	     struct fs_err *e)
{
	struct session ss;
	slurm_conf_t *conf;
	assoc_mgr_info_msg_t *msg;
	struct fs_shares_resp *sr;
	node_info_msg_t *nodes = NULL;
	struct fs_prio_pending *ran = NULL;
	size_t nran = 0;
	int ret;

	if (session_open(&ss, cluster, e) < 0)
		return -1;
	s->now = (long long)time(NULL);
	ret = load_conf_assocs(&ss, 1, &conf, &msg, &sr);
	if (!ret)
		ret = prio_conf(s, conf, e);
	if (!ret)
		ret = prio_nodes(&ss, s, &nodes);
	if (!ret)
		ret = prio_partitions(&ss, s, nodes);
	if (nodes)
		slurm_free_node_info_msg(nodes);
	if (!ret) {
		prio_assocs(s, msg);
		ret = prio_jobs(&ss, s, &ran, &nran);
	}
	if (!ret)
		ret = prio_stored(&ss, s, ran, nran);
	else
		free(ran);
	if (!ret) {
		capture_end(&ss, 1);
		/* A caller with a tree of its own asks for none: under
		 * PrivateData a user is sent only their own associations. */
		if (!s->have_tree)
			ret = write_tree(&ss, conf, msg, sr, NULL, s->now,
					 &s->tree);
	}
	free_conf_assocs(conf, msg, sr);
	session_close(&ss);
	return ret;
}

/* ------------------------------------------------------ a job's record */

/* What the record says of a job just submitted: in the queue, or why
 * not. */
static enum fs_prio_rec_state
rec_state(const slurm_job_info_t *j, long long now)
{
	if ((j->job_state & JOB_STATE_BASE) != JOB_PENDING)
		return FS_REC_NOT_PENDING;
	if (!j->priority)
		return FS_REC_HELD;
	/* At submission the reason is not set yet: the dependency is. */
	if (j->state_reason == WAIT_DEPENDENCY ||
	    (j->dependency && *j->dependency))
		return FS_REC_DEPENDENCY;
	if (j->eligible_time && (long long)j->eligible_time > now)
		return FS_REC_BEGIN;
	return FS_REC_PENDING;
}

static void
rec_fill(struct fs_prio_record *r, const slurm_job_info_t *j, long long now)
{
	/* A heterogeneous job's components: the leader's id and offset, as
	 * squeue names them (4242+1). */
	if (j->het_job_id && j->het_job_id != NO_VAL) {
		r->id = j->het_job_id;
		r->het_offset = j->het_job_offset;
	} else {
		r->id = j->job_id;
		r->het_offset = FS_NO_VAL;
	}
	r->user = user_name(j->user_id, j->user_name);
	r->acct = dup_or_empty(j->account);
	r->part = dup_or_empty(j->partition);
	r->qos = dup_or_empty(j->qos);
	/* slurmctld sends its own ClusterName with each job. */
	r->cluster = dup_or_empty(j->cluster);
	r->priority = j->priority;
#if SLURM_VERSION_NUMBER >= SLURM_VERSION_NUM(23, 2, 0)
	if (j->priority_array && j->priority_array_names &&
	    *j->priority_array_names) {
		uint32_t k = 1;
		const char *c;

		for (c = j->priority_array_names; *c; c++)
			k += *c == ',';
		r->part_prio = fs_xcalloc(k, sizeof(*r->part_prio));
		memcpy(r->part_prio, j->priority_array,
		       k * sizeof(*r->part_prio));
		r->npart_prio = k;
		r->part_prio_names = fs_xstrdup(j->priority_array_names);
	}
#endif
	r->time_limit = j->time_limit == NO_VAL ? FS_NO_VAL :
		j->time_limit == INFINITE ? FS_INFINITE : j->time_limit;
	r->tres = j->tres_req_str && *j->tres_req_str ?
		fs_xstrdup(j->tres_req_str) : NULL;
	if (!fs_prio_tres_billing(r->tres, &r->billing))
		r->billing = -1;
	r->cpus = j->num_cpus;
	r->nodes = j->num_nodes;
	r->nice = (int64_t)j->nice - (int64_t)NICE_OFFSET;
	if (!j->array_task_str ||
	    !fs_prio_array_tasks(j->array_task_str, &r->tasks))
		r->tasks = 1;
	r->exclusive = j->shared == JOB_SHARED_NONE;
	r->state = rec_state(j, now);
	r->begin = (long long)j->eligible_time;
}

int
fs_live_job(uint32_t id, const char *cluster, struct fs_prio_record **r,
	    size_t *n, struct fs_err *e)
{
	struct session ss;
	job_info_msg_t *m = NULL;
	long long now = (long long)time(NULL);
	uint32_t i;
	int ret = 0;

	*r = NULL;
	*n = 0;
	if (session_open(&ss, cluster, e) < 0)
		return -1;
	if (fs_load_job(&m, id) != SLURM_SUCCESS) {
		ret = fail_rpc(&ss, "the job's record", errno);
	} else if (!m->record_count) {
		ret = fs_error(e, 0, "job %u: slurmctld has no record of it",
			       id);
	} else {
		*r = fs_xcalloc(m->record_count, sizeof(**r));
		for (i = 0; i < m->record_count; i++)
			rec_fill(&(*r)[i], &m->job_array[i], now);
		*n = m->record_count;
	}
	if (m)
		slurm_free_job_info_msg(m);
	session_close(&ss);
	return ret;
}

#endif /* HAVE_LIBSLURM */
