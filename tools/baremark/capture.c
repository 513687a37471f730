/* baremark capture <device>|- [--baud N] [-o run.log] [--timeout s]:
 * reads a board's console (a serial device opened raw, 8N1, no flow
 * control, via termios; or standard input), shows it live, writes it to
 * the log, and stops at the run's verified `end` record. Exit 0 when the
 * run ended, 1 on timeout or end of input before it, 2 on a usage or I/O
 * error. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "records.h"

static speed_t speed_of(long baud)
{
	switch (baud) {
	case 9600: return B9600;
	case 19200: return B19200;
	case 38400: return B38400;
	case 57600: return B57600;
	case 115200: return B115200;
	case 230400: return B230400;
	case 460800: return B460800;
	case 921600: return B921600;
	case 1000000: return B1000000;
	case 1500000: return B1500000;
	case 2000000: return B2000000;
	case 3000000: return B3000000;
	default: return 0;
	}
}

static int open_serial(const char *dev, long baud)
{
	speed_t sp = speed_of(baud);
	if (!sp) {
		fprintf(stderr, "capture: %ld baud is not a rate termios offers\n", baud);
		return -1;
	}
	int fd = open(dev, O_RDONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "capture: %s: %s\n", dev, strerror(errno));
		return -1;
	}
	struct termios t;
	if (tcgetattr(fd, &t) != 0) {
		fprintf(stderr, "capture: %s is not a terminal: %s\n", dev, strerror(errno));
		close(fd);
		return -1;
	}
	cfmakeraw(&t);
	t.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS | CSIZE);
	t.c_cflag |= CS8 | CLOCAL | CREAD;
	t.c_iflag &= ~(tcflag_t)(IXON | IXOFF | IXANY);
	t.c_cc[VMIN] = 0;
	t.c_cc[VTIME] = 0;
	cfsetispeed(&t, sp);
	cfsetospeed(&t, sp);
	if (tcsetattr(fd, TCSANOW, &t) != 0) {
		fprintf(stderr, "capture: %s: cannot set 8N1 at %ld: %s\n", dev, baud, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Is this line a verified `end` record? */
static bool is_end(const char *line, size_t len)
{
	json_t *o;
	if (record_parse_line(line, len, &o) != REC_OK)
		return false;
	bool end = strcmp(json_string_value(json_object_get(o, "type")), "end") == 0;
	json_decref(o);
	return end;
}

int cmd_capture(int argc, char **argv)
{
	const char *dev = NULL, *out = NULL;
	long baud = 115200;
	double timeout = 0;
	bool bad = false;
	for (int i = 0; i < argc && !bad; i++) {
		if (strcmp(argv[i], "--baud") == 0 && i + 1 < argc)
			baud = strtol(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc)
			timeout = strtod(argv[++i], NULL);
		else if (!dev && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0))
			dev = argv[i];
		else
			bad = true; /* an unknown option or a second device */
	}
	if (bad || !dev || timeout < 0) {
		fprintf(stderr, "usage: baremark capture <device>|- [--baud N] [-o run.log] [--timeout s]\n");
		return 2;
	}
	int fd = strcmp(dev, "-") == 0 ? 0 : open_serial(dev, baud);
	if (fd < 0)
		return 2;
	FILE *log = out ? fopen(out, "w") : NULL;
	if (out && !log) {
		fprintf(stderr, "capture: %s: %s\n", out, strerror(errno));
		return 2;
	}
	char line[65536];
	size_t len = 0;
	double deadline = timeout > 0 ? now() + timeout : 0;
	int status = 1;
	const char *why = "end of input before the end record";
	for (;;) {
		int wait_ms = -1;
		if (deadline) {
			double left = deadline - now();
			if (left <= 0) {
				why = "timeout before the end record";
				break;
			}
			wait_ms = (int)(left * 1000) + 1;
		}
		struct pollfd p = {fd, POLLIN, 0};
		int r = poll(&p, 1, wait_ms);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			why = strerror(errno);
			status = 2;
			break;
		}
		if (r == 0)
			continue; /* the deadline check above ends it */
		char buf[4096];
		ssize_t n = read(fd, buf, sizeof(buf));
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n <= 0) {
			if (n < 0 && errno != EIO) /* EIO: the pty's other side closed */
				why = strerror(errno);
			break;
		}
		fwrite(buf, 1, (size_t)n, stdout);
		fflush(stdout);
		if (log)
			fwrite(buf, 1, (size_t)n, log);
		bool ended = false;
		for (ssize_t i = 0; i < n && !ended; i++) {
			if (buf[i] == '\n') {
				ended = is_end(line, len);
				len = 0;
			} else if (len < sizeof(line) - 1) {
				line[len++] = buf[i];
			}
		}
		if (ended) {
			status = 0;
			break;
		}
	}
	if (log && fclose(log) != 0) {
		fprintf(stderr, "capture: %s: %s\n", out, strerror(errno));
		status = 2;
	}
	if (fd > 0)
		close(fd);
	if (status)
		fprintf(stderr, "capture: the run did not end: %s\n", why);
	return status;
}
