/*
 * sscanf, strtod, the small <math.h> and calendar time, each result on one
 * line, compared with the host glibc.
 */
/* parallel: yes */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void show_strtod(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	printf("strtod(\"%s\") = %.17g end +%d\n", s, v, (int)(end - s));
}

int main(void)
{
	static const char *const doubles[] = {
	    "0",	"1",
	    "-1.5",	"3.14159265358979",
	    "1e10",	"1.5e-7",
	    "  42abc",	"1e400",
	    "-1e400",	"1e-400",
	    "inf",	"-Infinity",
	    "nan",	"0x1p4",
	    "0x1.8p1",	"0x10",
	    ".5",	"5.",
	    "1e",	"1e+",
	    "-.e1",	"123456789012345678901234567890",
	    "0.1",	"2.2250738585072014e-308",
	    "4.9e-324", "1.7976931348623157e308",
	    "",
	};
	static const double values[] = {0.0, 0.5,  1.5,	       2.5,	-2.5,
					3.7, -3.7, 1e15 + 0.5, 123.456, -0.0};
	static const time_t stamps[] = {0,	    86399, 86400,  951782400, 951868800, 1234567890,
					2147483647, -1,	   -86401, 68169600,  1709210096};
	unsigned i;
	int a = 0, b = 0, n, consumed = 0;
	unsigned u = 0;
	long l = 0;
	long long ll = 0;
	short h = 0;
	char word[32] = "", rest[32] = "", c3[4] = "";
	double d = 0;
	float f = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	for (i = 0; i < sizeof(doubles) / sizeof(doubles[0]); i++)
		show_strtod(doubles[i]);
	printf("atof %.3f\n", atof("2.5e2"));

	n = sscanf("12 34", "%d %d", &a, &b);
	printf("sscanf %d: %d %d\n", n, a, b);
	n = sscanf("  -7,0x1f;0755 hello world", "%d,%i;%o %31s %31s", &a, &b, &u, word, rest);
	printf("sscanf %d: %d %d %o %s %s\n", n, a, b, u, word, rest);
	n = sscanf("123456789012 -5 65535", "%lld %ld %hd", &ll, &l, &h);
	printf("sscanf %d: %lld %ld %hd\n", n, ll, l, h);
	n = sscanf("3.25 -1e3", "%lf %f", &d, &f);
	printf("sscanf %d: %g %g\n", n, d, (double)f);
	n = sscanf("abcdef", "%3c%n", c3, &consumed);
	printf("sscanf %d: %.3s %d\n", n, c3, consumed);
	n = sscanf("key=value;", "%31[a-z]=%31[^;]", word, rest);
	printf("sscanf %d: %s %s\n", n, word, rest);
	n = sscanf("12abc", "%d%*[a-c]%n", &a, &consumed);
	printf("sscanf %d: %d %d\n", n, a, consumed);
	n = sscanf("x", "%d", &a);
	printf("sscanf mismatch %d\n", n);
	n = sscanf("", "%d", &a);
	printf("sscanf empty %d\n", n);
	n = sscanf("   ", "%d", &a);
	printf("sscanf blank %d\n", n);
	n = sscanf("50%", "%d%%", &a);
	printf("sscanf percent %d %d\n", n, a);

	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		double v = values[i], ip;

		printf("math %g: fabs %g floor %g ceil %g trunc %g round %g rint %g lround %ld\n",
		       v, fabs(v), floor(v), ceil(v), trunc(v), round(v), rint(v), lround(v));
		printf("math %g: modf %g/", v, modf(v, &ip));
		printf("%g fmod %.17g sqrt %.17g signbit %d\n", ip, fmod(v, 0.75), sqrt(fabs(v)),
		       signbit(v) != 0);
	}
	printf("pow %.17g %.17g %.17g %.17g %.17g\n", pow(2, 10), pow(2, -3), pow(10, 15),
	       pow(2, 0.5), pow(1.5, 2.5));
	printf("ldexp %g %g frexp %g\n", ldexp(1.5, 4), ldexp(3, -2), frexp(48.0, &a));
	printf("frexp exp %d, isnan %d isinf %d %d isfinite %d\n", a, isnan(NAN) != 0,
	       isinf(INFINITY) != 0, isinf(-INFINITY) < 0, isfinite(1.0) != 0);
	printf("fmin %g fmax %g hypot %g copysign %g\n", fmin(1, 2), fmax(1, 2), hypot(3, 4),
	       copysign(3, -1));
	printf("float.h %d %d %g\n", DBL_DIG, DBL_MANT_DIG, DBL_EPSILON);

	for (i = 0; i < sizeof(stamps) / sizeof(stamps[0]); i++) {
		struct tm tm, back;
		char text[128];

		gmtime_r(&stamps[i], &tm);
		printf("gmtime %ld: %d-%d-%d %d:%d:%d wday %d yday %d\n", (long)stamps[i],
		       tm.tm_year, tm.tm_mon, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		       tm.tm_wday, tm.tm_yday);
		printf("asctime %s", asctime(&tm));
		strftime(text, sizeof(text),
			 "%Y-%m-%d %H:%M:%S %a %A %b %B %j %e %D %T %R %y %C %u %w %%", &tm);
		printf("strftime %s\n", text);
		back = tm;
		printf("timegm %ld\n", (long)timegm(&back));
	}
	{
		struct tm tm = {0};

		tm.tm_year = 100;
		tm.tm_mon = 13;	 /* February 2001 */
		tm.tm_mday = 30; /* March 2 */
		tm.tm_hour = -1;
		printf("timegm normalizes %ld: %d-%d-%d %d\n", (long)timegm(&tm), tm.tm_year,
		       tm.tm_mon, tm.tm_mday, tm.tm_hour);
		printf("strftime small %zu\n", strftime(word, 4, "%Y-%m", &tm));
	}
	printf("difftime %g\n", difftime(100, 40));
	for (i = 0; i < 5; i++)
		printf("rand unseeded %d\n", rand());
	srand(12345);
	for (i = 0; i < 5; i++)
		printf("rand 12345 %d\n", rand());
	srand(0);
	printf("rand 0 %d\n", rand());
	srand(4000000000u);
	for (i = 0; i < 200; i++)
		n = rand();
	printf("rand 4e9 after 200 %d\n", n);
	return 0;
}
