/* Running a helper program (llvm-mca) with no shell: posix_spawnp with an
 * argv, its input from memory, its output into memory, and a deadline
 * after which it is killed, so that no input can make it hang the tool. */
#include "insn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

struct sink {
	char *buf;
	size_t len, cap; /* cap: at most this much is kept; the rest is read and dropped */
};

static bool sink_read(int fd, struct sink *s)
{
	char tmp[4096];
	ssize_t n = read(fd, tmp, sizeof(tmp));
	if (n <= 0)
		return n < 0 && (errno == EAGAIN || errno == EINTR); /* false: closed */
	size_t keep = s->len + (size_t)n > s->cap ? s->cap - s->len : (size_t)n;
	memcpy(s->buf + s->len, tmp, keep);
	s->len += keep;
	s->buf[s->len] = '\0';
	return true;
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *say(const char *fmt, const char *a, const char *b)
{
	char *s = NULL;
	if (asprintf(&s, fmt, a, b) < 0)
		s = NULL;
	return s;
}

int insn_spawn(char *const argv[], const char *input, int timeout_s, size_t cap, char **out, char **err)
{
	*out = *err = NULL;
	int in_p[2] = {-1, -1}, out_p[2] = {-1, -1}, err_p[2] = {-1, -1};
	struct sink so = {malloc(cap + 1), 0, cap}, se = {malloc(cap + 1), 0, cap};
	if (!so.buf || !se.buf || pipe2(in_p, O_CLOEXEC) || pipe2(out_p, O_CLOEXEC) || pipe2(err_p, O_CLOEXEC)) {
		free(so.buf);
		free(se.buf);
		for (int i = 0; i < 2; i++) {
			if (in_p[i] >= 0)
				close(in_p[i]);
			if (out_p[i] >= 0)
				close(out_p[i]);
			if (err_p[i] >= 0)
				close(err_p[i]);
		}
		*err = say("%s: no memory or no pipe: %s", argv[0], strerror(errno));
		return -1;
	}
	so.buf[0] = se.buf[0] = '\0';
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, in_p[0], 0);
	posix_spawn_file_actions_adddup2(&fa, out_p[1], 1);
	posix_spawn_file_actions_adddup2(&fa, err_p[1], 2);
	pid_t pid;
	int e = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(in_p[0]);
	close(out_p[1]);
	close(err_p[1]);
	if (e) {
		close(in_p[1]);
		close(out_p[0]);
		close(err_p[0]);
		free(so.buf);
		free(se.buf);
		*err = say("%s: %s", argv[0], strerror(e));
		return -1;
	}
	/* a child that exits before reading all its input is no reason to die of SIGPIPE */
	struct sigaction ign = {.sa_handler = SIG_IGN}, old;
	sigaction(SIGPIPE, &ign, &old);
	fcntl(in_p[1], F_SETFL, O_NONBLOCK);
	size_t left = strlen(input);
	int wfd = in_p[1];
	bool open_out = true, open_err = true, killed = false;
	int lost = 0; /* poll's error, where it failed */
	double deadline = now_s() + timeout_s;
	while (open_out || open_err || wfd >= 0) {
		if (wfd >= 0 && !left) {
			close(wfd);
			wfd = -1;
			continue;
		}
		struct pollfd p[3] = {{out_p[0], open_out ? POLLIN : 0, 0}, {err_p[0], open_err ? POLLIN : 0, 0},
				      {wfd, POLLOUT, 0}};
		double wait = deadline - now_s();
		if (wait <= 0) {
			kill(pid, SIGKILL);
			killed = true;
			break;
		}
		int r = poll(p, wfd >= 0 ? 3 : 2, (int)(wait * 1000) + 1);
		if (r < 0 && errno != EINTR) {
			lost = errno;
			kill(pid, SIGKILL); /* never wait on a child we cannot watch */
			break;
		}
		if (r <= 0)
			continue;
		if (p[0].revents)
			open_out = sink_read(out_p[0], &so);
		if (p[1].revents)
			open_err = sink_read(err_p[0], &se);
		if (wfd >= 0 && p[2].revents) {
			ssize_t n = write(wfd, input, left);
			if (n > 0) {
				input += n;
				left -= (size_t)n;
			} else if (n < 0 && errno != EAGAIN && errno != EINTR) {
				left = 0; /* the child stopped reading: what it said tells why */
			}
		}
	}
	if (wfd >= 0)
		close(wfd);
	close(out_p[0]);
	close(err_p[0]);
	/* a child that closed its output may still run: the deadline holds */
	int status = 0;
	bool reaped = false;
	while (!killed && !lost && !reaped) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		reaped = w == pid;
		if (w < 0 && errno != EINTR)
			break;
		if (!reaped && now_s() >= deadline) {
			kill(pid, SIGKILL);
			killed = true;
		} else if (!reaped) {
			nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
		}
	}
	while (!reaped && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	sigaction(SIGPIPE, &old, NULL);
	*out = so.buf;
	if (killed || lost || !WIFEXITED(status)) {
		char t[32];
		snprintf(t, sizeof(t), "%d", timeout_s);
		*err = killed ? say("%s: no answer within %s s: stopped", argv[0], t)
		       : lost ? say("%s: could not watch it (%s): stopped", argv[0], strerror(lost))
			      : say("%s: ended by signal %s", argv[0], strsignal(WTERMSIG(status)));
		free(se.buf);
		return -1;
	}
	*err = se.buf;
	return WEXITSTATUS(status);
}
