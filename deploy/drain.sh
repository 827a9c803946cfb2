#!/bin/sh
# Takes one API process out of nginx's upstream before it stops, so that a
# drain cuts no request (docs/decisions/420-take-a-process-out-before-it-stops.md),
# and puts it back after it is started again.
#
#   deploy/drain.sh down 127.0.0.1:3001 [PID]   before stopping the process on :3001
#   deploy/drain.sh up 127.0.0.1:3001           once it answers /api/ready again
#
# down: marks the process's `server` line `down` in the nginx file, checks the
# configuration and reloads nginx; waits until nginx's workers of before the
# reload have exited (they may still be sending the process requests, and a
# connection still in its listen backlog when it closes its socket would be
# reset: a 502, which nginx rightly does not retry for a POST); then, given
# PID, sends the process SIGTERM and waits for it to exit.
# up: removes the mark and reloads.
#
# Settings (environment):
#   NGINX_CONF       the file holding the upstream (/etc/nginx/conf.d/samtalsmatch.conf)
#   NGINX            the nginx binary (nginx)
#   NGINX_ARGS       extra arguments for `nginx -t` and `nginx -s reload` (none)
#   NGINX_PID_FILE   the master's pid file (/run/nginx.pid)
#   DRAIN_TIMEOUT    seconds to wait for the old workers and for the process (60)
set -eu

usage() {
  echo "usage: $0 down|up HOST:PORT [PID]" >&2
  exit 2
}
[ $# -ge 2 ] || usage
action=$1
address=$2
pid=${3:-}
conf=${NGINX_CONF:-/etc/nginx/conf.d/samtalsmatch.conf}
nginx=${NGINX:-nginx}
nginx_args=${NGINX_ARGS:-}
pid_file=${NGINX_PID_FILE:-/run/nginx.pid}
timeout=${DRAIN_TIMEOUT:-60}

# The address as a sed/grep pattern (dots and brackets literal).
pattern=$(printf '%s' "$address" | sed 's#[].*^$[\\]#\\&#g')
line="^[[:space:]]*server[[:space:]]+${pattern}([[:space:]][^;#]*)?;"

count=$(grep -cE "$line" "$conf" || true)
if [ "$count" -ne 1 ]; then
  echo "$0: $conf has $count upstream server lines for $address (expected 1)" >&2
  exit 1
fi

# Waits until process $1 is gone; fails after $timeout seconds.
wait_gone() {
  deadline=$(($(date +%s) + timeout))
  while kill -0 "$1" 2>/dev/null; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      echo "$0: process $1 still runs after ${timeout}s" >&2
      return 1
    fi
    sleep 0.1
  done
}

reload() {
  # shellcheck disable=SC2086 # NGINX_ARGS is a list of arguments.
  "$nginx" $nginx_args -t -q
  master=$(cat "$pid_file")
  old_workers=$(ps -o pid= --ppid "$master" || true)
  # shellcheck disable=SC2086
  "$nginx" $nginx_args -s reload
  for worker in $old_workers; do wait_gone "$worker"; done
}

case $action in
  down)
    up_left=$(grep -E '^[[:space:]]*server[[:space:]]+[^[:space:]{;]+[^{;#]*;' "$conf" | grep -cvE '[[:space:]]down;' || true)
    if ! grep -E "$line" "$conf" | grep -qE '[[:space:]]down;'; then
      if [ "$up_left" -le 1 ]; then
        echo "$0: $address is the last process in the upstream; start another one first" >&2
        exit 1
      fi
      sed -i -E "s/(${line%;});/\\1 down;/" "$conf"
    fi
    reload
    if [ -n "$pid" ]; then
      kill -TERM "$pid"
      wait_gone "$pid"
    fi
    ;;
  up)
    sed -i -E "s/(${line%;}) down;/\\1;/" "$conf"
    reload
    ;;
  *) usage ;;
esac
