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

/* What fs-tree reads of an answer, and what it keeps of it. Bytes are
 * counted as they come, and kept without their white space (a newline is
 * kept: the import's messages name lines): slurmrestd's document is some
 * 4,970 bytes an association with 8 TRES (tests/sshare/json-2605-*.json),
 * 2,070 without its indentation. Of the shares answer the text is kept,
 * at most REST_MAX_KEPT: some 62,000 associations of 8 TRES, whose read
 * peaks at 170 MB. Of the users answer only each user's name and default
 * account are kept, at most REST_MAX_USERS (some a million users): both
 * at their most, under 256 MB (tests/rest-hostile.t measures them). Whatever the answer, it is read in at most
 * REST_MAX_BODY bytes (then refused, at once when its Content-Length
 * says more): memory follows what is kept, never what is sent. */
#define REST_MAX_BODY (1UL << 30)
#define REST_MAX_BODY_TEXT "1 GiB"
#define REST_MAX_KEPT (128UL << 20)
#define REST_MAX_KEPT_TEXT "128 MiB without its white space"
#define REST_MAX_USERS (48UL << 20)
#define REST_MAX_USERS_TEXT "48 MiB of user names and default accounts"
/* An error's answer: what is kept of it, for its message. */
#define REST_MAX_ERROR (64UL << 10)
/* One user's name and default, as kept. */
#define REST_MAX_USER (64UL << 10)
/* json-c's nesting limit, and the filter's; sshare's document is 6 deep,
 * the users' 5. */
#define JSON_DEPTH 64
/* The most fs-tree waits for slurmrestd, over all its attempts; the most
 * one connection may take to open; and a transfer slower than
 * REST_STALL_BYTES a second for REST_STALL_S seconds has stalled. */
#define REST_DEADLINE_S 30
#define REST_CONNECT_S 10
#define REST_STALL_BYTES 1024
#define REST_STALL_S 20

/* The users answer, filtered as it comes (users_feed): the value of the
 * document's "errors", and of each element of its list "users" the
 * members "name" and "default" (and any escaped key, which json-c may
 * read as one of them), each element then read by json-c alone and
 * dropped. Everything else is passed over, its nesting followed. */
enum { V_SKIP, V_KEEP, V_USERS, V_ERRS };

struct users {
	int depth;
	char kind[JSON_DEPTH + 2];	/* 'o' object, 'a' array */
	int want_key, in_key, key_bs, at_value, next, done;
	char key[64];
	size_t nkey;
	struct fs_buf *to;		/* a value kept, or NULL: passed over */
	int capturing, cap_depth;
	int nlists, in_elem, members;
	struct fs_buf elem, errs;
	/* name, '\0', account, '\0', for each user: at[i] its start */
	struct fs_buf names;
	size_t *at, n, cap;
	char why[300];
	const char *path;
};

/* An answer as it comes. */
struct answer {
	CURL *c;
	const char *path;
	struct fs_buf *body;	/* what is kept of the text */
	struct users *u;	/* a 200 to the users request: filtered */
	size_t raw, max;
	long status;
	int started, json, in_str, esc, gap;
	char last;
	char head[24];		/* the first bytes but white space */
	size_t nhead;
	int too_large;		/* 1: REST_MAX_BODY; 2: what is kept */
};

static int
user_fail(struct users *u, const char *what)
{
	if (!*u->why)
		snprintf(u->why, sizeof(u->why), "the answer to %s %s",
			 u->path, what);
	return -1;
}

/* An element of "users", as kept: its name and default account, if it
 * has both and the tree's fields can hold them. */
static int
user_take(struct users *u)
{
	struct json_tokener *tok;
	struct json_object *o, *name = NULL, *def = NULL, *acct = NULL;
	const char *nm, *ac;
	size_t ln, la;

	fs_buf_addch(&u->elem, '}');
	if (!(tok = json_tokener_new_ex(JSON_DEPTH)))
		fs_die("out of memory");
	o = json_tokener_parse_ex(tok, u->elem.data, (int)u->elem.len);
	if (json_tokener_get_error(tok) != json_tokener_success ||
	    tok->char_offset != (int)u->elem.len) {
		json_tokener_free(tok);
		json_object_put(o);
		return user_fail(u, "is not valid JSON (in its list "
				 "'users')");
	}
	json_tokener_free(tok);
	if (json_object_object_get_ex(o, "name", &name) &&
	    json_object_object_get_ex(o, "default", &def) &&
	    json_object_object_get_ex(def, "account", &acct) &&
	    json_object_is_type(name, json_type_string) &&
	    json_object_is_type(acct, json_type_string)) {
		nm = json_object_get_string(name);
		ac = json_object_get_string(acct);
		ln = (size_t)json_object_get_string_len(name);
		la = (size_t)json_object_get_string_len(acct);
		/* A name the tree's field cannot hold is no one's. */
		if (ln && la && strlen(nm) == ln && strlen(ac) == la &&
		    !fs_field_bad(nm, ln) && !fs_field_bad(ac, la)) {
			if (u->names.len + ln + la + 2 +
				    (u->n + 1) * 3 * sizeof(size_t) >
			    REST_MAX_USERS) {
				json_object_put(o);
				return user_fail(u, "is too large: more than "
						 REST_MAX_USERS_TEXT ", the "
						 "most fs-tree keeps");
			}
			FS_GROW(u->at, u->n, u->cap);
			u->at[u->n++] = u->names.len;
			fs_buf_add(&u->names, nm, ln + 1);
			fs_buf_add(&u->names, ac, la + 1);
		}
	}
	json_object_put(o);
	return 0;
}

/* The value that begins with ch (outside a string: kind 0), after a key
 * or in the list: what becomes of it. Returns 1 if ch is taken. */
static int
value_begins(struct users *u, char ch, int kind)
{
	int next = u->depth == 2 ? -1 : u->next;

	u->at_value = 0;
	if (u->depth == 2 && kind == 0 && ch == '{') {
		/* An element of "users". */
		u->elem.len = 0;
		fs_buf_addch(&u->elem, '{');
		u->in_elem = 1;
		u->members = 0;
		u->kind[++u->depth] = 'o';
		u->want_key = 1;
		return 1;
	}
	if (next == V_USERS && kind == 0 && ch == '[') {
		u->nlists++;
		u->kind[++u->depth] = 'a';
		u->at_value = 1;
		return 1;
	}
	u->capturing = 1;
	u->cap_depth = u->depth;
	u->to = next == V_KEEP ? &u->elem : next == V_ERRS ? &u->errs : NULL;
	if (next == V_ERRS && u->errs.len) {
		/* "errors" twice: the first is the message's. */
		u->to = NULL;
	}
	return 0;
}

/* One byte of the users answer's text (white space dropped but where it
 * parts two words): kind 1 a string's opening quote, 2 a byte in it, 3
 * its closing quote, 0 anything else. Returns -1 once the answer is no
 * good (u->why says why). */
static int
users_feed(struct users *u, char ch, int kind)
{
	if (*u->why)
		return -1;
	if (u->done)
		return user_fail(u, "is not valid JSON (text after the "
				 "document)");
	if (u->at_value && !(kind == 0 && ch == ']' && u->depth == 2) &&
	    value_begins(u, ch, kind))
		return 0;
	if (u->capturing) {
		if (kind == 0 && u->depth == u->cap_depth &&
		    (ch == ',' || ch == '}' || ch == ']'))
			u->capturing = 0;
		else {
			if (u->to) {
				size_t max = u->to == &u->errs
						     ? REST_MAX_ERROR
						     : REST_MAX_USER;

				if (u->to->len >= max) {
					if (u->to == &u->elem)
						return user_fail(
							u, "is too large: a "
							"user's name and "
							"default account "
							"there take more than "
							"64 KiB");
					/* The message's words, cut. */
					u->to = NULL;
				} else
					fs_buf_addch(u->to, ch);
			}
			if (kind)
				return 0;
			if (ch == '{' || ch == '[') {
				if (u->depth > JSON_DEPTH)
					return user_fail(u, "is nested "
							 "deeper than 64");
				u->kind[++u->depth] = ch == '{' ? 'o' : 'a';
			} else if (ch == '}' || ch == ']') {
				if (u->depth <= u->cap_depth ||
				    u->kind[u->depth] != (ch == '}' ? 'o' : 'a'))
					return user_fail(u, "is not valid "
							 "JSON (brackets "
							 "that do not match)");
				u->depth--;
			}
			return 0;
		}
	}
	if (kind == 1) {
		u->in_key = u->want_key;
		u->nkey = 0;
		u->key_bs = 0;
		return 0;
	}
	if (kind == 2) {
		if (u->in_key && u->nkey < sizeof(u->key))
			u->key[u->nkey++] = ch;
		u->key_bs |= ch == '\\';
		return 0;
	}
	if (kind == 3) {
		if (!u->in_key && u->depth)
			return user_fail(u, "is not valid JSON (a string "
					 "where a key or a value should be)");
		u->in_key = 0;
		u->want_key = 0;
		return 0;
	}
	switch (ch) {
	case ':':
		if (!u->depth || u->kind[u->depth] != 'o')
			return user_fail(u, "is not valid JSON (a ':' out of "
					 "place)");
		u->at_value = 1;
		u->next = V_SKIP;
		if (u->depth == 1) {
			if (u->key_bs)
				return user_fail(u, "has an escaped key at "
						 "its top");
			if (u->nkey == 5 && !memcmp(u->key, "users", 5))
				u->next = V_USERS;
			else if (u->nkey == 6 && !memcmp(u->key, "errors", 6))
				u->next = V_ERRS;
		} else if (u->depth == 3 && u->in_elem &&
			   ((u->nkey == 4 && !memcmp(u->key, "name", 4)) ||
			    (u->nkey == 7 && !memcmp(u->key, "default", 7)) ||
			    (u->key_bs && u->nkey < sizeof(u->key)))) {
			u->next = V_KEEP;
			if (u->members++)
				fs_buf_addch(&u->elem, ',');
			fs_buf_addch(&u->elem, '"');
			fs_buf_add(&u->elem, u->key, u->nkey);
			fs_buf_add(&u->elem, "\":", 2);
		}
		return 0;
	case ',':
		if (u->depth && u->kind[u->depth] == 'o')
			u->want_key = 1;
		else if (u->depth == 2)
			u->at_value = 1;
		return 0;
	case '{':
		if (u->depth)
			return user_fail(u, "is not valid JSON (an object "
					 "where a key should be)");
		u->kind[++u->depth] = 'o';
		u->want_key = 1;
		return 0;
	case '}':
	case ']':
		if (!u->depth || u->kind[u->depth] != (ch == '}' ? 'o' : 'a'))
			return user_fail(u, "is not valid JSON (brackets that "
					 "do not match)");
		if (--u->depth == 0)
			u->done = 1;
		if (u->depth == 2 && u->in_elem) {
			u->in_elem = 0;
			return user_take(u);
		}
		return 0;
	default:
		return user_fail(u, "is not valid JSON");
	}
}

/* The answer's users, once all of it has come: 0 with d filled (the
 * names in u->names), or -1 with u->why saying why not. */
static int
users_done(struct users *u, struct fs_user_default **d, size_t *n)
{
	size_t i;

	if (!*u->why && !u->done)
		user_fail(u, "is not valid JSON (it ends before the "
			  "document does)");
	if (!*u->why && u->nlists != 1)
		user_fail(u, u->nlists ? "has more than one list 'users'"
				       : "has no list 'users'");
	if (*u->why)
		return -1;
	/* One more: a list of none is still a column. */
	*d = fs_xcalloc(u->n + 1, sizeof(**d));
	for (i = 0; i < u->n; i++) {
		(*d)[i].name = u->names.data + u->at[i];
		(*d)[i].acct = (*d)[i].name + strlen((*d)[i].name) + 1;
	}
	*n = u->n;
	return 0;
}

static void
users_release(struct users *u)
{
	fs_buf_release(&u->elem);
	fs_buf_release(&u->errs);
	fs_buf_release(&u->names);
	free(u->at);
}

/* One byte of what is kept: into the filter, or the text. */
static int
keep(struct answer *a, char ch, int kind)
{
	if (a->u)
		return users_feed(a->u, ch, kind);
	if (a->body->len >= a->max) {
		/* An error's words are only for its message. */
		if (a->status != 200)
			return 0;
		a->too_large = 2;
		return -1;
	}
	fs_buf_addch(a->body, ch);
	return 0;
}

/* Which bytes are parts of a word: two of them that white space parted
 * stay parted ("1 2" is not "12"). */
static int
word(char ch)
{
	return !strchr(" \t\r\n{}[]:,\"", ch);
}

static size_t
sink(char *p, size_t size, size_t n, void *arg)
{
	struct answer *a = arg;
	size_t len = size * n, i;

	if (!a->raw) {
		curl_easy_getinfo(a->c, CURLINFO_RESPONSE_CODE, &a->status);
		a->max = a->status == 200 ? REST_MAX_KEPT : REST_MAX_ERROR;
		if (a->status != 200)
			a->u = NULL;
	}
	if (len > REST_MAX_BODY - a->raw) {
		a->too_large = 1;
		return 0;
	}
	a->raw += len;
	for (i = 0; i < len; i++) {
		char ch = p[i];

		if (a->started && !a->json) {
			/* Not JSON: its first bytes are the message's. */
			if (a->nhead == sizeof(a->head))
				return len;
			a->head[a->nhead++] = ch;
			continue;
		}
		if (a->in_str) {
			if (keep(a, ch, !a->esc && ch == '"' ? 3 : 2) < 0)
				return 0;
			if (a->esc)
				a->esc = 0;
			else if (ch == '\\')
				a->esc = 1;
			else if (ch == '"')
				a->in_str = 0;
			continue;
		}
		if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
			a->gap = 1;
			/* The text keeps its lines, the filter none. */
			if (ch == '\n' && a->json && !a->u) {
				if (keep(a, ch, 0) < 0)
					return 0;
				a->last = ch;
			}
			continue;
		}
		if (!a->started) {
			a->started = 1;
			a->json = ch == '{';
			if (!a->json) {
				a->head[a->nhead++] = ch;
				continue;
			}
		}
		if (a->gap && word(a->last) && word(ch) && keep(a, ' ', 0) < 0)
			return 0;
		a->gap = 0;
		if (ch == '"')
			a->in_str = 1;
		if (keep(a, ch, ch == '"' ? 1 : 0) < 0)
			return 0;
		a->last = ch;
	}
	return len;
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

/* One GET of base's path (such as "/slurm/v0.0.42/shares") into a (its
 * body, or its users filter if users), given what is left of the time
 * until deadline (now_ms()): 0 with the status in *status, or -1 with e
 * set. */
static int
get(CURL *c, const char *base, const char *path, const char *sock,
    long long deadline, struct answer *a, struct fs_buf *body,
    struct users *users, long *status, struct fs_err *e)
{
	struct fs_buf url;
	long long start = now_ms(), left = deadline - start;
	CURLcode rc;

	memset(a, 0, sizeof(*a));
	a->c = c;
	a->path = path;
	a->body = body;
	a->u = users;
	if (users) {
		memset(users, 0, sizeof(*users));
		users->path = path;
	}
	body->len = 0;
	if (left <= 0)
		return fs_error(e, 0, "gave up after %d s, the most fs-tree "
				"waits for slurmrestd (no answer yet to %s)",
				REST_DEADLINE_S, path);
	fs_buf_init(&url);
	fs_buf_printf(&url, "%s%s", base, path);
	curl_easy_setopt(c, CURLOPT_URL, url.data);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, a);
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
	/* The sink refuses more (its only write error: what it keeps is
	 * too much, or the users filter found the answer no good), curl a
	 * length that says more. */
	if (rc == CURLE_WRITE_ERROR && a->u && *a->u->why)
		return fs_error(e, 0, "%s", a->u->why);
	if (rc == CURLE_WRITE_ERROR && a->too_large == 2)
		return fs_error(e, 0, "the answer to %s is too large: more "
				"than %s, the most fs-tree keeps", path,
				REST_MAX_KEPT_TEXT);
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

/* The letters of a url's scheme (RFC 3986). */
#define SCHEME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" \
	"0123456789+.-"

/* What a message must not show: the token, and the user:password of
 * the URL as given, as libcurl sends it (Basic: its base64) and the
 * password alone; what a server says can repeat what it was sent. */
struct secrets {
	const char *jwt;
	char *userinfo, *password, *basic;
};

/* Where the "user:password" of "scheme://user:password@host/..." (or of
 * "user:password@host") lies: its start, and its length (0: none). */
static const char *
userinfo(const char *url, size_t *len)
{
	const char *host = url + strspn(url, SCHEME_CHARS);
	const char *end, *at = NULL;

	host = strncmp(host, "://", 3) ? url : host + 3;
	for (end = host; *end && !strchr("/?#", *end); end++)
		if (*end == '@')
			at = end;
	*len = at ? (size_t)(at - host) : 0;
	return host;
}

static char *
base64(const char *s, size_t n)
{
	static const char d[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				"0123456789+/";
	char *out = fs_xmalloc(4 * ((n + 2) / 3) + 1), *o = out;
	size_t i;

	for (i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)(unsigned char)s[i] << 16;

		if (i + 1 < n)
			v |= (unsigned long)(unsigned char)s[i + 1] << 8;
		if (i + 2 < n)
			v |= (unsigned char)s[i + 2];
		*o++ = d[v >> 18 & 63];
		*o++ = d[v >> 12 & 63];
		*o++ = i + 1 < n ? d[v >> 6 & 63] : '=';
		*o++ = i + 2 < n ? d[v & 63] : '=';
	}
	*o = '\0';
	return out;
}

static void
secrets_init(struct secrets *sec, CURL *c, const char *url, const char *jwt)
{
	size_t n;
	const char *ui = userinfo(url, &n);
	char *colon, *plain;
	int len = 0;

	memset(sec, 0, sizeof(*sec));
	sec->jwt = jwt;
	if (!n)
		return;
	/* libcurl decodes the URL's %XX before it encodes them. */
	plain = curl_easy_unescape(c, ui, (int)n, &len);
	if (!plain)
		fs_die("out of memory");
	sec->userinfo = fs_xstrdup(plain);
	sec->basic = base64(plain, (size_t)len);
	if ((colon = strchr(sec->userinfo, ':')) != NULL)
		sec->password = fs_xstrdup(colon + 1);
	curl_free(plain);
}

static void
secrets_release(struct secrets *sec)
{
	free(sec->userinfo);
	free(sec->password);
	free(sec->basic);
}

/* text into out, each secret in it as "***": the token and a password
 * if of at least 8 and 4 bytes (shorter ones are common words), the
 * rest whatever their length. */
static void
hide(const char *text, const struct secrets *sec, struct fs_buf *out)
{
	const char *s[4];
	size_t n[4], k;

	s[0] = sec->jwt;
	s[1] = sec->userinfo;
	s[2] = sec->basic;
	s[3] = sec->password;
	for (k = 0; k < 4; k++) {
		n[k] = s[k] ? strlen(s[k]) : 0;
		if ((k == 0 && n[k] < 8) || (k == 3 && n[k] < 4))
			n[k] = 0;
	}
	out->len = 0;
	for (;;) {
		const char *first = NULL, *p;
		size_t len = 0;

		for (k = 0; k < 4; k++)
			if (n[k] && (p = strstr(text, s[k])) != NULL &&
			    (!first || p < first || (p == first && n[k] > len))) {
				first = p;
				len = n[k];
			}
		if (!first)
			break;
		fs_buf_add(out, text, (size_t)(first - text));
		fs_buf_add(out, "***", 3);
		text = first + len;
	}
	fs_buf_add(out, text, strlen(text));
	fs_buf_addch(out, '\0');
}

/* The first error of slurmrestd's document in text, for a message: ": "
 * and its description, the secrets hidden, or nothing. */
static void
first_error(const struct fs_buf *body, const struct secrets *sec, char *out,
	    size_t size)
{
	struct json_object *doc, *errs, *err, *d = NULL;
	struct json_tokener *tok;
	struct fs_buf said;

	*out = '\0';
	if (!body->len || body->len > INT32_MAX)
		return;
	if (!(tok = json_tokener_new_ex(JSON_DEPTH)))
		fs_die("out of memory");
	doc = json_tokener_parse_ex(tok, body->data, (int)body->len);
	json_tokener_free(tok);
	if (json_object_object_get_ex(doc, "errors", &errs) &&
	    json_object_is_type(errs, json_type_array) &&
	    (err = json_object_array_get_idx(errs, 0)) != NULL &&
	    (json_object_object_get_ex(err, "description", &d) ||
	     json_object_object_get_ex(err, "error", &d)) &&
	    json_object_is_type(d, json_type_string)) {
		fs_buf_init(&said);
		hide(json_object_get_string(d), sec, &said);
		snprintf(out, size, ": %.200s", said.data);
		fs_buf_release(&said);
	}
	json_object_put(doc);
}

/* The url as a message shows it: the user and password of
 * "scheme://user:password@host/..." (or of "user:password@host") as
 * "***", so that they do not travel in cron's mail. */
static void
url_shown(const char *url, struct fs_buf *out)
{
	size_t n;
	const char *host = userinfo(url, &n);

	out->len = 0;
	if (n) {
		fs_buf_add(out, url, (size_t)(host - url));
		fs_buf_add(out, "***", 3);
		url = host + n;
	}
	fs_buf_add(out, url, strlen(url));
	fs_buf_addch(out, '\0');
}

/* What answers 200 with anything but JSON is not slurmrestd (a web
 * server's page, a proxy's): said so in e (1), not read as sshare text;
 * 0 for a body that begins as a JSON object. */
static int
not_json(CURL *c, const struct answer *a, const char *path, struct fs_err *e)
{
	char *type = NULL;
	struct fs_buf what;

	if (a->json)
		return 0;
	fs_buf_init(&what);
	curl_easy_getinfo(c, CURLINFO_CONTENT_TYPE, &type);
	if (type)
		fs_buf_printf(&what, "Content-Type %.60s", type);
	else
		fs_buf_printf(&what, "no Content-Type");
	if (!a->nhead)
		fs_buf_printf(&what, ", empty");
	else
		fs_buf_printf(&what, ", beginning '%.*s'", (int)a->nhead,
			      a->head);
	fs_error(e, 0, "the answer to %s is not JSON (%s): is this "
		 "slurmrestd?", path, what.data);
	fs_buf_release(&what);
	return 1;
}

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
 * v: GET /slurmdb/v0.0.v/users, each user's "default": {"account"}, read
 * as it comes (users_feed). Returns 0 with *d and *nd filled (pointing
 * into u, which the caller releases), or -1 with why saying what failed
 * (for the tree's #approximate): a server without the slurmdbd plugin,
 * or whose slurmdbd refuses us, still gives the tree, without the
 * column. A user given two default accounts is given none, and said in
 * conflict (the first such user, and how many). */
static int
users_get(CURL *c, const char *base, int v, const char *sock,
	  long long deadline, const struct secrets *sec, struct users *u,
	  struct fs_user_default **d, size_t *nd, struct fs_buf *conflict,
	  struct fs_buf *why)
{
	char path[64], msg[256];
	struct fs_buf body, errs;
	struct answer a;
	struct fs_err e;
	long status = 0;
	const char *first;
	size_t n;

	*d = NULL;
	*nd = 0;
	memset(&e, 0, sizeof(e));
	/* with_assocs: slurmdbd fills in a user's default account only when
	 * it reads the user's associations (else "account": ""). */
	snprintf(path, sizeof(path), "/slurmdb/v0.0.%d/users?with_assocs=true",
		 v);
	fs_buf_init(&body);
	fs_buf_init(&errs);
	if (get(c, base, path, sock, deadline, &a, &body, u, &status, &e) < 0 ||
	    (status == 200 && not_json(c, &a, path, &e))) {
		fs_buf_printf(why, "%s", e.msg);
		goto fail;
	}
	if (status != 200) {
		first_error(&body, sec, msg, sizeof(msg));
		fs_buf_printf(why, "slurmrestd answers HTTP %ld for %s%s",
			      status, path, msg);
		goto fail;
	}
	/* A whole document whose "errors" is a list of some. */
	if (u->done && !*u->why && u->errs.len > 2 && u->errs.data[0] == '[') {
		fs_buf_addstr(&errs, "{\"errors\":");
		fs_buf_add(&errs, u->errs.data, u->errs.len);
		fs_buf_addch(&errs, '}');
		first_error(&errs, sec, msg, sizeof(msg));
		fs_buf_printf(why, "slurmrestd reported an error for %s%s",
			      path, *msg ? msg : ": (no description)");
		goto fail;
	}
	if (users_done(u, d, nd) < 0) {
		fs_buf_printf(why, "%s", u->why);
		goto fail;
	}
	fs_user_defaults_sort(*d, *nd);
	if ((n = fs_user_defaults_unique(*d, nd, &first)) > 0) {
		char q[80];

		fs_buf_printf(conflict, "; no DefaultAccount for %s (the "
			      "answer to %s gives it more than one", fs_quote(
				      q, sizeof(q), first, strlen(first)),
			      path);
		if (n > 1)
			fs_buf_printf(conflict, ", and %zu other user%s too",
				      n - 1, n == 2 ? "" : "s");
		fs_buf_addch(conflict, ')');
	}
	fs_buf_release(&body);
	fs_buf_release(&errs);
	return 0;
fail:
	cut_control(why->data);
	free(*d);
	*d = NULL;
	*nd = 0;
	/* What was kept of it goes before the shares are read. */
	users_release(u);
	memset(u, 0, sizeof(*u));
	fs_buf_release(&body);
	fs_buf_release(&errs);
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
	struct fs_buf body, u, approx, why, conflict;
	struct fs_import_source src = {"slurmrestd", meta, NULL, 0};
	struct fs_user_default *defs = NULL;
	struct users users;
	struct answer a;
	struct secrets sec;
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
	fs_buf_init(&conflict);
	memset(&users, 0, sizeof(users));
	secrets_init(&sec, c, url_arg, jwt);
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
		if (get(c, base, path, sock, deadline, &a, &body, NULL, &status,
			e) < 0)
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
		first_error(&body, &sec, msg, sizeof(msg));
		fs_error(e, 0, "slurmrestd refused us (HTTP %ld%s): %s", status,
			 msg, jwt && *jwt ? "check the token in SLURM_JWT"
					  : "set SLURM_JWT (scontrol token)");
		goto done;
	}
	if (status != 200) {
		/* slurmrestd passes the token on: one that slurmctld refuses
		 * comes back as a failed call (HTTP 500), not as a 401. */
		first_error(&body, &sec, msg, sizeof(msg));
		fs_error(e, 0, "slurmrestd answers HTTP %ld for "
			 "/slurm/v0.0.%d/shares%s%s", status, v, msg,
			 status == 500 && jwt && *jwt
				 ? " (slurmctld refuses a bad or expired token "
				   "so: check SLURM_JWT)"
				 : "");
		goto done;
	}
	if (not_json(c, &a, path, e))
		goto done;
	snprintf(version, sizeof(version), "v0.0.%d", v);
	fs_buf_printf(&approx, "RawUsage is whole (slurmrestd sends the raw "
		      "usage as an integer); no half_life or calc_period "
		      "(slurmrestd sends neither)");
	if (users_get(c, base, v, sock, deadline, &sec, &users, &defs,
		      &src.ndefaults, &conflict, &why) == 0) {
		src.defaults = defs;
		fs_buf_printf(&approx, "%s", conflict.len ? conflict.data : "");
	} else {
		/* The server's words can repeat the token. */
		hide(why.data, &sec, &u);
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
	fs_buf_release(&conflict);
	free(defs);
	users_release(&users);
	secrets_release(&sec);
	free(base);
	return r;
}

int
fs_rest_tree(const char *url, const char *cluster, struct fs_buf *out,
	     struct fs_err *e)
{
	const char *jwt = getenv("SLURM_JWT");
	struct fs_buf shown, said;
	struct secrets sec;
	CURL *c;

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
	if (!(c = curl_easy_init()))
		fs_die("out of memory");
	secrets_init(&sec, c, url, jwt);
	hide(e->msg, &sec, &said);
	secrets_release(&sec);
	curl_easy_cleanup(c);
	fs_error(e, 0, "%.300s: %s", shown.data, said.data);
	fs_buf_release(&shown);
	fs_buf_release(&said);
	return -1;
}

#endif
