/*
 * rest.c: slurmrestd as a live source (fs-tree --rest): GET
 * /slurm/v0.0.4x/shares with libcurl, the newest data_parser version the
 * server serves (24.11: v0.0.40 to v0.0.42; 26.05: v0.0.42 to v0.0.45),
 * and its document, which has the associations of 'sshare --json', read by
 * the same import (sshare_json.c, import.c).
 *
 * Authentication: the JWT in SLURM_JWT (X-SLURM-USER-TOKEN, with
 * X-SLURM-USER-NAME the user running us), else none: slurmrestd's local
 * authentication on its unix socket.
 *
 * What slurmrestd does not send is said in the tree's metadata
 * (#approximate): the raw usage comes as an integer, and neither
 * PriorityDecayHalfLife nor PriorityCalcPeriod comes.
 *
 * A server that does not answer must not hold a cron job: every attempt
 * (up to six versions) shares one deadline, REST_DEADLINE_S in all, and
 * each gives up sooner on a connection that does not open or a transfer
 * that stalls (fs-tree(1)).
 */
#include <stdlib.h>
#include <string.h>

#include "io/io.h"

#if !defined(HAVE_CURL) || !defined(HAVE_JSONC)

int
fs_rest_available(void)
{
	return 0;
}

int
fs_rest_tree(const char *url, const char *cluster, struct fs_buf *out,
	     struct fs_err *e)
{
	(void)url, (void)cluster, (void)out;
	return fs_error(e, 0, "this fs-tree was built without libcurl and "
			"json-c: install libcurl4-openssl-dev and "
			"libjson-c-dev and rebuild");
}

#else

#include <pwd.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>
#include <json-c/json.h>

/* An answer larger than this is refused, at once when its Content-Length
 * says so, else when it passes it: a server that sends without end must
 * not take the machine's memory. Slurm's answer is some 5,000 bytes an
 * association with its 8 default TRES (each in three lists, some 500
 * bytes an association for each TRES more): 100,000 associations come to
 * some 500 MB, which this doubles, for sites with GPUs and licences. */
#define REST_MAX_BODY (1UL << 30)
#define REST_MAX_BODY_TEXT "1 GiB"
/* The most fs-tree waits for slurmrestd, over all its attempts; the most
 * one connection may take to open; and a transfer slower than
 * REST_STALL_BYTES a second for REST_STALL_S seconds has stalled. */
#define REST_DEADLINE_S 30
#define REST_CONNECT_S 10
#define REST_STALL_BYTES 1024
#define REST_STALL_S 20

static size_t
sink(char *p, size_t size, size_t n, void *arg)
{
	struct fs_buf *b = arg;

	if (b->len + size * n > REST_MAX_BODY)
		return 0;
	fs_buf_add(b, p, size * n);
	return size * n;
}

int
fs_rest_available(void)
{
	return 1;
}

/* The version a url names at its end ("/slurm/v0.0.42"), cut off it:
 * the minor number, or 0. */
static int
url_version(char *url)
{
	char *s = strstr(url, "/slurm/v0.0.");
	char *end;
	long v;

	if (!s)
		return 0;
	v = strtol(s + 12, &end, 10);
	if (end == s + 12 || (*end && strcmp(end, "/") &&
			      strcmp(end, "/shares")))
		return -1;
	*s = '\0';
	return (int)v;
}

/* Milliseconds on a clock that only goes forward. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* One GET of base's path (such as "/slurm/v0.0.42/shares") into body,
 * given what is left of the time until deadline (now_ms()): 0 with the
 * status in *status, or -1 with e set. */
static int
get(CURL *c, const char *base, const char *path, const char *sock,
    long long deadline, struct fs_buf *body, long *status, struct fs_err *e)
{
	struct fs_buf url;
	long long start = now_ms(), left = deadline - start;
	CURLcode rc;

	body->len = 0;
	if (left <= 0)
		return fs_error(e, 0, "gave up after %d s, the most fs-tree "
				"waits for slurmrestd (no answer yet to %s)",
				REST_DEADLINE_S, path);
	fs_buf_init(&url);
	fs_buf_printf(&url, "%s%s", base, path);
	curl_easy_setopt(c, CURLOPT_URL, url.data);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, body);
	curl_easy_setopt(c, CURLOPT_TIMEOUT_MS, (long)left);
	rc = curl_easy_perform(c);
	fs_buf_release(&url);
	/* Which of the three limits it was, by the time it took: the
	 * deadline, else the stall limit (which counts from the
	 * connection, REST_STALL_S at least), else the connect timeout. */
	if (rc == CURLE_OPERATION_TIMEDOUT) {
		if (now_ms() >= deadline - 100)
			return fs_error(e, 0, "gave up after %d s, the most "
					"fs-tree waits for slurmrestd (no "
					"answer yet to %s)", REST_DEADLINE_S,
					path);
		if (now_ms() - start >= REST_STALL_S * 1000LL)
			return fs_error(e, 0, "slurmrestd stalled: less than "
					"%d bytes a second for %d s (asking "
					"for %s)", REST_STALL_BYTES,
					REST_STALL_S, path);
		if (sock)
			return fs_error(e, 0, "cannot reach slurmrestd on its "
					"socket %s: no connection within %d s",
					sock, REST_CONNECT_S);
		return fs_error(e, 0, "cannot reach slurmrestd: no connection "
				"within %d s", REST_CONNECT_S);
	}
	/* The sink refuses more (the only write error), curl a length that
	 * says more. */
	if (rc == CURLE_WRITE_ERROR || rc == CURLE_FILESIZE_EXCEEDED)
		return fs_error(e, 0, "the answer to %s is too large: more "
				"than %s, the most fs-tree reads", path,
				REST_MAX_BODY_TEXT);
	if (rc != CURLE_OK && sock)
		return fs_error(e, 0, "cannot reach slurmrestd on its socket "
				"%s: %s", sock, curl_easy_strerror(rc));
	if (rc != CURLE_OK)
		return fs_error(e, 0, "cannot reach slurmrestd: %s",
				curl_easy_strerror(rc));
	curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, status);
	return 0;
}

/* text into out, each secret in it (a token of at least 8 bytes) as
 * "***": what a server says can repeat what it was sent. */
static void
hide(const char *text, const char *secret, struct fs_buf *out)
{
	size_t n = secret ? strlen(secret) : 0;
	const char *p;

	out->len = 0;
	while (n >= 8 && (p = strstr(text, secret)) != NULL) {
		fs_buf_add(out, text, (size_t)(p - text));
		fs_buf_add(out, "***", 3);
		text = p + n;
	}
	fs_buf_add(out, text, strlen(text));
	fs_buf_addch(out, '\0');
}

/* The first error of slurmrestd's document, for a message: ": " and its
 * description, the token hidden, or nothing. */
static void
first_error(const struct fs_buf *body, const char *jwt, char *out,
	    size_t size)
{
	struct json_object *doc, *errs, *err, *d = NULL;
	struct fs_buf said;

	*out = '\0';
	if (!body->len || body->len > INT32_MAX)
		return;
	fs_buf_addch((struct fs_buf *)body, '\0');
	doc = json_tokener_parse(body->data);
	if (json_object_object_get_ex(doc, "errors", &errs) &&
	    json_object_is_type(errs, json_type_array) &&
	    (err = json_object_array_get_idx(errs, 0)) != NULL &&
	    (json_object_object_get_ex(err, "description", &d) ||
	     json_object_object_get_ex(err, "error", &d)) &&
	    json_object_is_type(d, json_type_string)) {
		fs_buf_init(&said);
		hide(json_object_get_string(d), jwt, &said);
		snprintf(out, size, ": %.200s", said.data);
		fs_buf_release(&said);
	}
	json_object_put(doc);
}

/* The letters of a url's scheme (RFC 3986). */
#define SCHEME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" \
	"0123456789+.-"

/* The url as a message shows it: the user and password of
 * "scheme://user:password@host/..." (or of "user:password@host") as
 * "***", so that they do not travel in cron's mail. */
static void
url_shown(const char *url, struct fs_buf *out)
{
	const char *host = url + strspn(url, SCHEME_CHARS);
	const char *end, *at = NULL;

	host = strncmp(host, "://", 3) ? url : host + 3;
	for (end = host; *end && !strchr("/?#", *end); end++)
		if (*end == '@')
			at = end;
	out->len = 0;
	if (at) {
		fs_buf_add(out, url, (size_t)(host - url));
		fs_buf_add(out, "***", 3);
		url = at;
	}
	fs_buf_add(out, url, strlen(url));
	fs_buf_addch(out, '\0');
}

/* What answers 200 with anything but JSON is not slurmrestd (a web
 * server's page, a proxy's): said so in e (1), not read as sshare text;
 * 0 for a body that begins as a JSON object. */
static int
not_json(CURL *c, const struct fs_buf *body, const char *path,
	 struct fs_err *e)
{
	char *type = NULL;
	size_t skip, shown;
	struct fs_buf what;

	for (skip = 0; skip < body->len && (body->data[skip] == ' ' ||
		body->data[skip] == '\t' || body->data[skip] == '\r' ||
		body->data[skip] == '\n'); skip++)
		;
	if (skip < body->len && body->data[skip] == '{')
		return 0;
	shown = body->len - skip < 24 ? body->len - skip : 24;
	fs_buf_init(&what);
	curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &type);
	if (type)
		fs_buf_printf(&what, "Content-Type %.60s", type);
	else
		fs_buf_printf(&what, "no Content-Type");
	if (!shown)
		fs_buf_printf(&what, ", empty");
	else
		fs_buf_printf(&what, ", beginning '%.*s'", (int)shown,
			      body->data + skip);
	fs_error(e, 0, "the answer to %s is not JSON (%s): is this "
		 "slurmrestd?", path, what.data);
	fs_buf_release(&what);
	return 1;
}

/* The users' default accounts: the names point into doc, which the
 * caller puts. */
struct defaults {
	struct fs_user_default *d;
	size_t n;
	struct json_object *doc;
};

/* The first string of text that a metadata line cannot hold (a control
 * character) ends it. */
static void
cut_control(char *text)
{
	for (; *text; text++)
		if ((unsigned char)*text < 0x20 || *text == 0x7f) {
			*text = '\0';
			return;
		}
}

/* The users' default accounts from slurmdbd's user records, through the
 * server that answered for the shares and with its data_parser version
 * v: GET /slurmdb/v0.0.v/users, each user's "default": {"account"}.
 * Returns 0 with ud filled, or -1 with why saying what failed (for the
 * tree's #approximate): a server without the slurmdbd plugin, or whose
 * slurmdbd refuses us, still gives the tree, without the column. */
static int
users_get(CURL *c, const char *base, int v, const char *sock,
	  long long deadline, const char *jwt, struct defaults *ud,
	  struct fs_buf *why)
{
	char path[64], msg[256];
	struct fs_buf body;
	struct fs_err e;
	struct json_tokener *tok;
	struct json_object *list = NULL, *errs = NULL;
	long status = 0;
	size_t i, n;

	memset(ud, 0, sizeof(*ud));
	memset(&e, 0, sizeof(e));
	/* with_assocs: slurmdbd fills in a user's default account only when
	 * it reads the user's associations (else "account": ""). */
	snprintf(path, sizeof(path), "/slurmdb/v0.0.%d/users?with_assocs=true",
		 v);
	fs_buf_init(&body);
	if (get(c, base, path, sock, deadline, &body, &status, &e) < 0 ||
	    (status == 200 && not_json(c, &body, path, &e))) {
		fs_buf_printf(why, "%s", e.msg);
		goto fail;
	}
	if (status != 200) {
		first_error(&body, jwt, msg, sizeof(msg));
		fs_buf_printf(why, "slurmrestd answers HTTP %ld for %s%s",
			      status, path, msg);
		goto fail;
	}
	if (!(tok = json_tokener_new_ex(64)))
		fs_die("out of memory");
	ud->doc = json_tokener_parse_ex(tok, body.data, (int)body.len);
	if (json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(ud->doc);
		ud->doc = NULL;
	}
	json_tokener_free(tok);
	if (!ud->doc) {
		fs_buf_printf(why, "the answer to %s is not valid JSON", path);
		goto fail;
	}
	if (json_object_object_get_ex(ud->doc, "errors", &errs) &&
	    json_object_is_type(errs, json_type_array) &&
	    json_object_array_length(errs)) {
		first_error(&body, jwt, msg, sizeof(msg));
		fs_buf_printf(why, "slurmrestd reported an error for %s%s",
			      path, *msg ? msg : ": (no description)");
		goto fail;
	}
	if (!json_object_object_get_ex(ud->doc, "users", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		fs_buf_printf(why, "no list 'users' in the answer to %s",
			      path);
		goto fail;
	}
	n = json_object_array_length(list);
	/* One more: a list of none is still a column. */
	ud->d = fs_xcalloc(n + 1, sizeof(*ud->d));
	for (i = 0; i < n; i++) {
		struct json_object *u = json_object_array_get_idx(list, i);
		struct json_object *name = NULL, *def = NULL, *acct = NULL;
		const char *nm, *ac;

		if (!json_object_object_get_ex(u, "name", &name) ||
		    !json_object_object_get_ex(u, "default", &def) ||
		    !json_object_object_get_ex(def, "account", &acct) ||
		    !json_object_is_type(name, json_type_string) ||
		    !json_object_is_type(acct, json_type_string))
			continue;
		nm = json_object_get_string(name);
		ac = json_object_get_string(acct);
		if (!*nm || !*ac)
			continue;
		/* A name the tree's field cannot hold is no one's. */
		if (fs_field_bad(nm, (size_t)json_object_get_string_len(name)) ||
		    fs_field_bad(ac, (size_t)json_object_get_string_len(acct)))
			continue;
		ud->d[ud->n].name = nm;
		ud->d[ud->n++].acct = ac;
	}
	fs_user_defaults_sort(ud->d, ud->n);
	fs_buf_release(&body);
	return 0;
fail:
	cut_control(why->data);
	json_object_put(ud->doc);
	memset(ud, 0, sizeof(*ud));
	fs_buf_release(&body);
	return -1;
}

static int
rest_tree(const char *url_arg, const char *jwt, const char *cluster,
	  struct fs_buf *out, struct fs_err *e)
{
	const char *sock = NULL;
	char *base = fs_xstrdup(url_arg), msg[256], version[32], path[64];
	const char *meta[] = {"rest_version", version, "approximate", NULL,
			      NULL};
	struct curl_slist *hdr = NULL;
	struct fs_buf body, u, approx, why;
	struct fs_import_source src = {"slurmrestd", meta, NULL, 0};
	struct defaults ud = {NULL, 0, NULL};
	long status = 0;
	long long deadline = now_ms() + REST_DEADLINE_S * 1000LL;
	int v, want, oldest, newest, r = -1;
	size_t n;
	const char *p;
	CURL *c;

	/* The data_parser versions the table knows (release.c). */
	fs_release_json_parsers(&oldest, &newest);
	want = url_version(base);
	if (want < 0 || (want && (want < oldest || want > newest))) {
		free(base);
		return fs_error(e, 0, "expected a URL ending in /slurm/v0.0.%d "
				"to v0.0.%d, or none", oldest, newest);
	}
	/* A CR or LF would end the header and begin others. */
	for (p = jwt; p && *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			free(base);
			return fs_error(e, 0, "SLURM_JWT holds a control "
					"character (0x%02x, byte %zu of %zu): "
					"not sent", (unsigned char)*p,
					(size_t)(p - jwt) + 1, strlen(jwt));
		}
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != 0 ||
	    !(c = curl_easy_init()))
		fs_die("out of memory");
	fs_buf_init(&body);
	fs_buf_init(&u);
	fs_buf_init(&approx);
	fs_buf_init(&why);
	if (!strncmp(base, "unix:", 5)) {
		sock = url_arg + 5;
		curl_easy_setopt(c, CURLOPT_UNIX_SOCKET_PATH, sock);
		free(base);
		base = fs_xstrdup("http://localhost");
	} else if (strncmp(base + (n = strspn(base, SCHEME_CHARS)), "://",
			   3)) {
		fs_error(e, 0, "expected http://HOST:PORT, https://HOST:PORT "
			 "or unix:/PATH");
		goto done;
	} else if (!(n == 4 && !strncasecmp(base, "http", 4)) &&
		   !(n == 5 && !strncasecmp(base, "https", 5))) {
		fs_error(e, 0, "%.*s:// is not a scheme fs-tree reads: "
			 "expected http://HOST:PORT, https://HOST:PORT or "
			 "unix:/PATH", (int)(n > 20 ? 20 : n), base);
		goto done;
	}
	/* And libcurl speaks nothing else, nor follows a redirect to
	 * anything else (file, gopher, dict, ... ). */
#if LIBCURL_VERSION_NUM >= 0x075500
	curl_easy_setopt(c, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
	curl_easy_setopt(c, CURLOPT_PROTOCOLS,
			 (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
	curl_easy_setopt(c, CURLOPT_REDIR_PROTOCOLS,
			 (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
	while (*base && base[strlen(base) - 1] == '/')
		base[strlen(base) - 1] = '\0';
	if (jwt && *jwt) {
		struct passwd *pw = getpwuid(geteuid());

		fs_buf_printf(&u, "X-SLURM-USER-TOKEN: %s", jwt);
		hdr = curl_slist_append(hdr, u.data);
		u.len = 0;
		fs_buf_printf(&u, "X-SLURM-USER-NAME: %s",
			      pw ? pw->pw_name : "");
		hdr = curl_slist_append(hdr, u.data);
	}
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, hdr);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, sink);
	curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)REST_CONNECT_S);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, (long)REST_STALL_BYTES);
	curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, (long)REST_STALL_S);
	curl_easy_setopt(c, CURLOPT_MAXFILESIZE_LARGE,
			 (curl_off_t)REST_MAX_BODY);
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	for (v = want ? want : newest; v >= (want ? want : oldest); v--) {
		snprintf(path, sizeof(path), "/slurm/v0.0.%d/shares", v);
		if (get(c, base, path, sock, deadline, &body, &status, e) < 0)
			goto done;
		if (status != 404)
			break;
	}
	if (status == 404) {
		if (want)
			fs_error(e, 0, "slurmrestd answers 404 for "
				 "/slurm/v0.0.%d/shares: it does not serve "
				 "data_parser v0.0.%d (leave the version out "
				 "for the newest it serves)", want, want);
		else
			fs_error(e, 0, "slurmrestd answers 404 for "
				 "/slurm/v0.0.%d/shares to v0.0.%d: no "
				 "version this fs-tree reads", newest,
				 oldest);
		goto done;
	}
	if (status == 401 || status == 403) {
		first_error(&body, jwt, msg, sizeof(msg));
		fs_error(e, 0, "slurmrestd refused us (HTTP %ld%s): %s", status,
			 msg, jwt && *jwt ? "check the token in SLURM_JWT"
					  : "set SLURM_JWT (scontrol token)");
		goto done;
	}
	if (status != 200) {
		/* slurmrestd passes the token on: one that slurmctld refuses
		 * comes back as a failed call (HTTP 500), not as a 401. */
		first_error(&body, jwt, msg, sizeof(msg));
		fs_error(e, 0, "slurmrestd answers HTTP %ld for "
			 "/slurm/v0.0.%d/shares%s%s", status, v, msg,
			 status == 500 && jwt && *jwt
				 ? " (slurmctld refuses a bad or expired token "
				   "so: check SLURM_JWT)"
				 : "");
		goto done;
	}
	if (not_json(c, &body, path, e))
		goto done;
	snprintf(version, sizeof(version), "v0.0.%d", v);
	fs_buf_printf(&approx, "RawUsage is whole (slurmrestd sends the raw "
		      "usage as an integer); no half_life or calc_period "
		      "(slurmrestd sends neither)");
	if (users_get(c, base, v, sock, deadline, jwt, &ud, &why) == 0) {
		src.defaults = ud.d;
		src.ndefaults = ud.n;
	} else {
		/* The server's words can repeat the token. */
		hide(why.data, jwt, &u);
		fs_buf_printf(&approx, "; no DefaultAccount (%.300s)", u.data);
	}
	meta[3] = approx.data;
	r = fs_import_from(body.data, body.len, cluster,
			   (long long)time(NULL), &src, out, e);
	if (r < 0) {
		/* The import names lines of the answer, which no one saw. */
		char was[sizeof(e->msg)];

		snprintf(was, sizeof(was), "%s", e->msg);
		fs_error(e, 0, "%s, line %lu: %.900s", path, e->line, was);
		e->line = 0;
	}
done:
	curl_slist_free_all(hdr);
	curl_easy_cleanup(c);
	fs_buf_release(&body);
	fs_buf_release(&u);
	fs_buf_release(&approx);
	fs_buf_release(&why);
	free(ud.d);
	json_object_put(ud.doc);
	free(base);
	return r;
}

int
fs_rest_tree(const char *url, const char *cluster, struct fs_buf *out,
	     struct fs_err *e)
{
	const char *jwt = getenv("SLURM_JWT");
	struct fs_buf shown, said;

	e->file = NULL;
	e->line = 0;
	if (rest_tree(url, jwt, cluster, out, e) == 0)
		return 0;
	/* The url begins the message rather than standing in e->file:
	 * shown without its password, and the message owns it. The token
	 * is hidden wherever the server's words put it. */
	fs_buf_init(&shown);
	fs_buf_init(&said);
	url_shown(url, &shown);
	hide(e->msg, jwt, &said);
	fs_error(e, 0, "%.300s: %s", shown.data, said.data);
	fs_buf_release(&shown);
	fs_buf_release(&said);
	return -1;
}

#endif
