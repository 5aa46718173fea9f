#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of its own, with SIGHUP blocked (as a process that never
receives it: a job its shell did not hang up), waits for it to draw, closes the terminal, and
says whether the command then ended by itself within the time given.

usage: hangup.py SECONDS COMMAND [ARG...]   → prints "ended STATUS" or "still running"
"""
import os, select, signal, sys, time, fcntl, termios

seconds = float(sys.argv[1])
command = sys.argv[2:]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")  # 24 rows, 80 columns
pid = os.fork()
if pid == 0:
    os.setsid()
    fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    os.close(master)
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP])
    os.execvp(command[0], command)
os.close(slave)
# Wait until it has drawn something (its first frame), then hang up.
deadline = time.time() + 10
seen = b""
while time.time() < deadline and b">" not in seen:
    ready, _, _ = select.select([master], [], [], 0.1)
    if ready:
        try:
            seen += os.read(master, 65536)
        except OSError:
            break
os.close(master)
deadline = time.time() + seconds
while time.time() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        print("ended", os.waitstatus_to_exitcode(status))
        sys.exit(0)
    time.sleep(0.05)
print("still running")
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
