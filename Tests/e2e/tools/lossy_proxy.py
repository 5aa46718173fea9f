#!/usr/bin/env python3
"""A TCP proxy in front of PostgreSQL that loses one COMMIT's reply.

Usage: lossy_proxy.py SERVER_PORT PORT_FILE LOG_FILE

Listens on 127.0.0.1 (a free port, written to PORT_FILE once listening) and forwards each
connection to 127.0.0.1:SERVER_PORT. Once a client has sent the notification that ends a push of
Seek's outbox (`pg_notify`), its next COMMIT is forwarded to the server, which commits, and the
reply is dropped: the connection is closed as if the network had gone. This happens once;
every later connection passes untouched. What happened is appended to LOG_FILE.
"""
import os
import socket
import sys
import threading

server_port, port_file, log_file = int(sys.argv[1]), sys.argv[2], sys.argv[3]
state = {"lost": False}
lock = threading.Lock()


def log(text):
    with open(log_file, "a") as f:
        f.write(text + "\n")


def serve(client):
    upstream = socket.create_connection(("127.0.0.1", server_port))
    armed = {"write": False, "commit_sent": False}

    def client_to_server():
        try:
            while True:
                data = client.recv(65536)
                if not data:
                    break
                with lock:
                    if not state["lost"]:
                        if b"pg_notify" in data:
                            armed["write"] = True
                        if armed["write"] and b"COMMIT" in data:
                            armed["commit_sent"] = True
                upstream.sendall(data)
        except OSError:
            pass

    threading.Thread(target=client_to_server, daemon=True).start()
    try:
        while True:
            data = upstream.recv(65536)
            if not data:
                break
            with lock:
                if armed["commit_sent"] and not state["lost"]:
                    state["lost"] = True
                    log("COMMIT reply dropped")
                    break
            client.sendall(data)
    except OSError:
        pass
    for s in (client, upstream):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        s.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(port_file + ".tmp", "w") as f:
    f.write(str(listener.getsockname()[1]))
os.rename(port_file + ".tmp", port_file)
while True:
    conn, _ = listener.accept()
    threading.Thread(target=serve, args=(conn,), daemon=True).start()
