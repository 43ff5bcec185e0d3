/*
 * timeparse.c: durations and dates as people and Slurm write them.
 *
 * Durations come in slurm.conf's forms (time_str2secs in Slurm's
 * parse_time.c: a bare number is minutes, "M:S", "H:M:S", "D-H", "D-H:M",
 * "D-H:M:S") or as one number with a unit ("90s", "15m", "36h", "7d",
 * "2w"). Dates are ISO 8601 as the TSV tree's `taken` and sacct write
 * them; a date without a zone is local time, as sacct prints it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "core/core.h"

#define FORMS "minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S, or a number " \
	      "with a unit s, m, h, d or w, such as 36h or 7d"

/* Read digits at *p into *v; 0, or -1 when there are none or too many. */
static int
digits(const char **p, long long *v, int *big)
{
	const char *s = *p;

	*v = 0;
	while (**p >= '0' && **p <= '9') {
		if (*v > FS_DURATION_MAX)
			*big = 1;
		else
			*v = *v * 10 + (**p - '0');
		(*p)++;
	}
	return *p == s ? -1 : 0;
}

int
fs_parse_duration(const char *s, long long *secs, int *slurm_form,
		  struct fs_err *e)
{
	long long part[4] = {0, 0, 0, 0}, unit, v;
	const char *p = s;
	int n = 0, dash = 0, big = 0;
	double total;

	*secs = 0;
	*slurm_form = 0;
	if (!*s)
		return fs_error(e, 0, "empty time: expected " FORMS);
	if (*s == '-' || *s == '+')
		return fs_error(e, 0, "%s time: '%s' (a time span is never "
				"negative or signed)", *s == '-' ? "negative"
				: "signed", s);
	if (!strcasecmp(s, "infinite") || !strcasecmp(s, "unlimited"))
		return fs_error(e, 0, "not a finite time: '%s'", s);
	if (digits(&p, &v, &big) < 0)
		return fs_error(e, 0, "not a time: '%s' (expected " FORMS ")",
				s);
	part[n++] = v;
	/* A number with a unit. */
	if (*p && strchr("smhdw", *p) && !p[1]) {
		unit = *p == 's' ? 1 : *p == 'm' ? 60 : *p == 'h' ? 3600
		     : *p == 'd' ? 86400 : 604800;
		total = (double)v * (double)unit;
		if (big || total > (double)FS_DURATION_MAX)
			return fs_error(e, 0, "too large: '%s' (at most "
					"10000 years)", s);
		*secs = v * unit;
		return 0;
	}
	if (*p && !strchr("-:", *p)) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))
			return fs_error(e, 0, "unknown unit '%s' in '%s' (s, "
					"m, h, d or w)", p, s);
		return fs_error(e, 0, "not a time: '%s' (expected " FORMS ")",
				s);
	}
	/* slurm.conf's forms: [D-]N[:N[:N]]. */
	if (*p == '-') {
		dash = 1;
		p++;
		if (digits(&p, &v, &big) < 0)
			return fs_error(e, 0, "not a time: '%s' (expected "
					FORMS ")", s);
		part[n++] = v;
	}
	while (*p == ':' && n < 4) {
		p++;
		if (digits(&p, &v, &big) < 0)
			return fs_error(e, 0, "not a time: '%s' (expected "
					FORMS ")", s);
		part[n++] = v;
	}
	if (*p || n > (dash ? 4 : 3))
		return fs_error(e, 0, "not a time: '%s' (expected " FORMS ")",
				s);
	if (dash)	/* days-hours[:minutes[:seconds]] */
		total = part[0] * 86400.0 + part[1] * 3600.0 +
			part[2] * 60.0 + part[3];
	else if (n == 3)	/* hours:minutes:seconds */
		total = part[0] * 3600.0 + part[1] * 60.0 + part[2];
	else			/* minutes[:seconds] */
		total = part[0] * 60.0 + part[1];
	if (big || total > (double)FS_DURATION_MAX)
		return fs_error(e, 0, "too large: '%s' (at most 10000 years)",
				s);
	*secs = (long long)total;
	*slurm_form = 1;
	return 0;
}

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant). */
static long long
days_from_civil(long long y, unsigned m, unsigned d)
{
	long long era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long long)doe - 719468;
}

static int
month_days(long long y, int m)
{
	static const int md[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30,
				 31};

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return md[m - 1];
}

/* Exactly n digits at *p. */
static int
fixed(const char **p, int n, int *v)
{
	*v = 0;
	while (n--) {
		if (**p < '0' || **p > '9')
			return -1;
		*v = *v * 10 + (*(*p)++ - '0');
	}
	return 0;
}

#define DATE_FORMS "YYYY-MM-DD, optionally followed by THH:MM[:SS] and Z " \
		   "or +HH:MM, such as 2026-11-25T08:00:00Z"

int
fs_parse_date(const char *s, long long *t, struct fs_err *e)
{
	const char *p = s;
	int y, mo, d, h = 0, mi = 0, sec = 0, zone = 0, oh = 0, om = 0, sign;
	struct tm tm;
	time_t lt;

	*t = 0;
	if (!*s)
		return fs_error(e, 0, "empty date: expected " DATE_FORMS);
	if (fixed(&p, 4, &y) < 0 || *p++ != '-' || fixed(&p, 2, &mo) < 0 ||
	    *p++ != '-' || fixed(&p, 2, &d) < 0)
		return fs_error(e, 0, "not a date: '%s' (expected "
				DATE_FORMS ")", s);
	if (*p == 'T' || *p == ' ') {
		p++;
		if (fixed(&p, 2, &h) < 0 || *p++ != ':' ||
		    fixed(&p, 2, &mi) < 0)
			return fs_error(e, 0, "not a date: '%s' (expected "
					DATE_FORMS ")", s);
		if (*p == ':') {
			p++;
			if (fixed(&p, 2, &sec) < 0)
				return fs_error(e, 0, "not a date: '%s' "
						"(expected " DATE_FORMS ")",
						s);
		}
	}
	if (*p == 'Z' && !p[1]) {
		zone = 1;
		p++;
	} else if (*p == '+' || *p == '-') {
		sign = *p++ == '-' ? -1 : 1;
		if (fixed(&p, 2, &oh) < 0)
			return fs_error(e, 0, "not a date: '%s' (expected "
					DATE_FORMS ")", s);
		if (*p == ':')
			p++;
		if (*p && fixed(&p, 2, &om) < 0)
			return fs_error(e, 0, "not a date: '%s' (expected "
					DATE_FORMS ")", s);
		if (oh > 23 || om > 59)
			return fs_error(e, 0, "date '%s': bad zone offset", s);
		oh *= sign;
		om *= sign;
		zone = 1;
	}
	if (*p)
		return fs_error(e, 0, "not a date: '%s' (expected "
				DATE_FORMS ")", s);
	if (mo < 1 || mo > 12 || d < 1 || d > month_days(y, mo))
		return fs_error(e, 0, "date '%s': no such day", s);
	if (h > 23 || mi > 59 || sec > 59)
		return fs_error(e, 0, "date '%s': no such time of day", s);
	if (zone) {
		*t = days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 +
		     h * 3600 + mi * 60 + sec - (oh * 3600 + om * 60);
		return 0;
	}
	memset(&tm, 0, sizeof(tm));
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	tm.tm_isdst = -1;
	lt = mktime(&tm);
	if (lt == (time_t)-1 && !(y == 1969 && mo == 12 && d == 31))
		return fs_error(e, 0, "date '%s': not a local time", s);
	*t = (long long)lt;
	return 0;
}

/* Two digits of v at p. */
static void
put2(char *p, unsigned v)
{
	p[0] = (char)('0' + v / 10);
	p[1] = (char)('0' + v % 10);
}

char *
fs_fmt_span(long long t, char out[96])
{
	long long d = t / 86400, h = t % 86400 / 3600, m = t % 3600 / 60;
	int n = 0;

	out[0] = '\0';
	if (d)
		n += snprintf(out + n, 96 - (size_t)n, "%lld day%s", d,
			      d == 1 ? "" : "s");
	if (h)
		n += snprintf(out + n, 96 - (size_t)n, "%s%lld h", n ? " " : "",
			      h);
	if (m || !n)
		n += snprintf(out + n, 96 - (size_t)n, "%s%lld min",
			      n ? " " : "", m);
	if (t % 60)
		snprintf(out + n, 96 - (size_t)n, " %lld s", t % 60);
	return out;
}

void
fs_iso_time(long long t, char out[32])
{
	/* The civil date of a day count, in proleptic Gregorian 400-year
	 * eras counted from March (so that leap days come last), without
	 * gmtime and printf: fs-prio writes one per job. */
	long long days = t / 86400, sec = t % 86400, era, y;
	unsigned doe, yoe, doy, mp, d, m;

	if (sec < 0) {
		sec += 86400;
		days--;
	}
	days += 719468;	/* from 1970-01-01 to 0000-03-01 */
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = (unsigned)(days - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	y = (long long)yoe + era * 400 + (m <= 2);
	/* Four digits always, as fs_parse_date reads them. */
	if (y < 0 || y > 9999) {
		char buf[96];

		snprintf(buf, sizeof(buf), "%04lld-%02u-%02uT%02u:%02u:%02uZ",
			 y, m, d, (unsigned)(sec / 3600),
			 (unsigned)(sec / 60 % 60), (unsigned)(sec % 60));
		snprintf(out, 32, "%.31s", buf);
		return;
	}
	put2(out, (unsigned)(y / 100));
	put2(out + 2, (unsigned)(y % 100));
	out[4] = '-';
	put2(out + 5, m);
	out[7] = '-';
	put2(out + 8, d);
	out[10] = 'T';
	put2(out + 11, (unsigned)(sec / 3600));
	out[13] = ':';
	put2(out + 14, (unsigned)(sec / 60 % 60));
	out[16] = ':';
	put2(out + 17, (unsigned)(sec % 60));
	out[19] = 'Z';
	out[20] = '\0';
}

/* Units after now+N: Slurm's names and the toolkit's letters. */
static const struct {
	const char *name;
	long long secs;
} when_units[] = {
	{"seconds", 1}, {"second", 1}, {"minutes", 60}, {"minute", 60},
	{"hours", 3600}, {"hour", 3600}, {"days", 86400}, {"day", 86400},
	{"weeks", 604800}, {"week", 604800}, {"s", 1}, {"m", 60},
	{"h", 3600}, {"d", 86400}, {"w", 604800},
};

/* Slurm's names for times of day. */
static const struct {
	const char *name;
	int hour;
} when_named[] = {
	{"midnight", 0}, {"noon", 12}, {"elevenses", 11}, {"fika", 15},
	{"teatime", 16},
};

#define WHEN_FORMS "now[+N[unit]], today, tomorrow, midnight, noon, " \
		   "teatime, HH:MM[:SS][AM|PM], uts<seconds> or " \
		   "YYYY-MM-DD[THH:MM[:SS]]"

/* What a time says so far: a day (-1 none, 0 today, 1 tomorrow) and a time
 * of day (hour -1 none). */
struct when {
	int day, hour, min, sec;
};

/* The word w at *p, whole (not the start of a longer word): moves past. */
static int
when_word(const char **p, const char *w)
{
	size_t n = strlen(w);

	const char *q = *p + n;

	if (strncasecmp(*p, w, n) || (isalpha((unsigned char)*q) &&
				      !(*q == 'T' && isdigit((unsigned char)q[1]))))
		return 0;
	*p += n;
	return 1;
}

static void
when_blanks(const char **p)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
}

/* "now", then optionally a sign, a count and a unit: the instant. */
static int
when_now(const char *p, long long now, long long *t)
{
	long long n = 0, unit = 1;
	int sign, big = 0;
	size_t i, len;

	when_blanks(&p);
	if (!*p) {
		*t = now;
		return 0;
	}
	if (*p != '+' && *p != '-')
		return -1;
	sign = *p++ == '-' ? -1 : 1;
	when_blanks(&p);
	if (*p < '0' || *p > '9')
		return -1;
	if (digits(&p, &n, &big) < 0 || big)
		return -1;
	when_blanks(&p);
	for (len = 0; isalpha((unsigned char)p[len]); len++)
		;
	if (len) {
		for (i = 0; i < sizeof(when_units) / sizeof(*when_units); i++)
			if (strlen(when_units[i].name) == len &&
			    !strncasecmp(p, when_units[i].name, len))
				break;
		if (i == sizeof(when_units) / sizeof(*when_units))
			return -1;
		unit = when_units[i].secs;
		p += len;
	}
	when_blanks(&p);
	if (*p || n > FS_DURATION_MAX / unit)
		return -1;
	*t = now + sign * n * unit;
	return 0;
}

/* "HH:MM[:SS]" and an optional AM or PM into w. */
static int
when_clock(const char **p, struct when *w)
{
	long long h = 0;
	int m, s = 0, big = 0;
	const char *q = *p;

	if (digits(&q, &h, &big) < 0 || q - *p > 2 || *q++ != ':' ||
	    fixed(&q, 2, &m) < 0)
		return -1;
	if (*q == ':' && (q++, fixed(&q, 2, &s) < 0))
		return -1;
	if (h > 23 || m > 59 || s > 59)
		return -1;
	when_blanks(&q);
	if (when_word(&q, "pm")) {
		if (h > 12)
			return -1;
		h = h == 12 ? 12 : h + 12;
	} else if (when_word(&q, "am")) {
		if (h > 12)
			return -1;
		h = h == 12 ? 0 : h;
	}
	w->hour = (int)h;
	w->min = m;
	w->sec = s;
	*p = q;
	return 0;
}

/* One word of a day and time form into w. */
static int
when_token(const char **p, struct when *w)
{
	size_t i;

	if (when_word(p, "today") || when_word(p, "tomorrow")) {
		if (w->day >= 0)
			return -1;
		w->day = tolower((unsigned char)(*p)[-1]) == 'w';
		return 0;
	}
	if (w->hour >= 0)
		return -1;
	for (i = 0; i < sizeof(when_named) / sizeof(*when_named); i++)
		if (when_word(p, when_named[i].name)) {
			w->hour = when_named[i].hour;
			w->min = w->sec = 0;
			return 0;
		}
	return when_clock(p, w);
}

/* The local time of day w on the day of now plus days. */
static int
when_local(long long now, int days, const struct when *w, long long *t)
{
	time_t n = (time_t)now, lt;
	struct tm tm;

	if (!localtime_r(&n, &tm))
		return -1;
	tm.tm_mday += days;
	tm.tm_hour = w->hour;
	tm.tm_min = w->min;
	tm.tm_sec = w->sec;
	tm.tm_isdst = -1;
	lt = mktime(&tm);
	if (lt == (time_t)-1)
		return -1;
	*t = (long long)lt;
	return 0;
}

int
fs_parse_when(const char *s, long long now, int past, long long *t,
	      struct fs_err *e)
{
	struct when w = {-1, -1, 0, 0};
	const char *p = s;
	struct tm tm;
	time_t n = (time_t)now;
	int days;

	if (*s >= '0' && *s <= '9' && strlen(s) >= 5 && s[4] == '-')
		return fs_parse_date(s, t, e);
	when_blanks(&p);
	if (when_word(&p, "now")) {
		if (when_now(p, now, t) < 0)
			return fs_error(e, 0, "not a time: '%s' (now, then "
					"+N or -N and a unit: seconds, "
					"minutes, hours, days or weeks)", s);
		return 0;
	}
	if (!strncasecmp(p, "uts", 3) && p[3]) {
		long long v = 0;
		int big = 0;
		const char *q = p + 3;

		if (digits(&q, &v, &big) < 0 || big || *q || v < 1000000)
			return fs_error(e, 0, "not a time: '%s' (uts and "
					"seconds since 1970)", s);
		*t = v;
		return 0;
	}
	while (*p) {
		if (when_token(&p, &w) < 0)
			return fs_error(e, 0, "not a time: '%s' (expected "
					WHEN_FORMS ")", s);
		when_blanks(&p);
		if (*p == 'T' && p[1] >= '0' && p[1] <= '9')
			p++;
	}
	if (w.day < 0 && w.hour < 0)
		return fs_error(e, 0, "empty time: expected " WHEN_FORMS);
	if (w.hour < 0)
		w.hour = w.min = w.sec = 0;
	days = w.day > 0;
	if (w.day < 0 && !past && localtime_r(&n, &tm) &&
	    (w.hour < tm.tm_hour ||
	     (w.hour == tm.tm_hour && w.min <= tm.tm_min)))
		days = 1;	/* gone today: Slurm takes tomorrow's */
	if (when_local(now, days, &w, t) < 0)
		return fs_error(e, 0, "time '%s': not a local time", s);
	return 0;
}

int
fs_date_range(long long t, const char *what, struct fs_err *e)
{
	if (t > FS_DATE_MAX)
		return fs_error(e, 0, "%s lies beyond 9999-12-31T23:59:59Z, "
				"the last date a tree can hold", what);
	if (t < FS_DATE_MIN)
		return fs_error(e, 0, "%s lies before 0000-01-01T00:00:00Z, "
				"the first date a tree can hold", what);
	return 0;
}
