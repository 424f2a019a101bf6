// SPDX-License-Identifier: GPL-2.0-or-later
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "app/signals.h"

static volatile sig_atomic_t stop_sig;
static volatile sig_atomic_t interim_asked;
/* Hidden files being written: -o's and --svg's. */
static const char *volatile unlink_paths[2];

static void unlink_all(void)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++)
		if (unlink_paths[i])
			unlink(unlink_paths[i]);
}

static void on_stop(int sig)
{
	/* The second one: the user does not want the summary any more. */
	if (stop_sig) {
		unlink_all();	/* the half-written files */
		_exit(128 + sig);
	}
	stop_sig = sig;
}

/*
 * The reader went away (head, a closed pager): nothing more can reach it.
 * Quiet, at once, as a process SIGPIPE kills but with -o's hidden file
 * removed; the kernel destroys the ids with the RDMA CM's descriptor.
 */
static void on_pipe(int sig)
{
	unlink_all();
	_exit(128 + sig);
}

/* SIGQUIT: the statistics so far, and the run goes on (ping's). */
static void on_quit(int sig)
{
	interim_asked = 1;
}

bool rr_signals_unlink_on_exit(const char *path)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++) {
		if (!unlink_paths[i]) {
			unlink_paths[i] = path;
			return true;
		}
	}
	return false;
}

void rr_signals_keep(const char *path)
{
	size_t i;

	for (i = 0; i < sizeof(unlink_paths) / sizeof(unlink_paths[0]); i++)
		if (unlink_paths[i] == path)
			unlink_paths[i] = NULL;
}

/*
 * SIG handled by HANDLER, even where it was inherited ignored: a shell's
 * background job starts with SIGINT and SIGQUIT ignored, and `kill -INT`
 * must still stop it, as it stops ping and fping.  No SA_RESTART: a
 * wait in poll() ends, and the loop sees the signal at once.
 */
static void catch(int sig, void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

void rr_signals_install(void)
{
	struct sigaction sa;

	catch(SIGINT, on_stop);
	catch(SIGTERM, on_stop);
	catch(SIGQUIT, on_quit);
	/*
	 * SIGPIPE even where it was ignored (systemd's IgnoreSIGPIPE, some
	 * parents): a write to a closed reader ends the run the same way
	 * everywhere, instead of probing on for no one.
	 */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_pipe;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
}

int rr_stop_signal(void)
{
	return stop_sig;
}

bool rr_interim_requested(void)
{
	if (!interim_asked)
		return false;
	interim_asked = 0;
	return true;
}
