# Sourced by the scripts that need a session bus of their own (doc-examples.sh,
# activation-test.sh, bench-daemon.sh): private_bus_start PREFIX [SERVICEDIR] writes
# PREFIX.conf (a session bus listening on the socket PREFIX, with SERVICEDIR as its only
# services directory when given, none otherwise), starts dbus-daemon on it and waits for it
# (5 s at most). It sets private_bus_pid (for the caller to stop) and private_bus_address, and
# returns 1, with dbus-daemon's messages in PREFIX.log, if the bus did not come up.
private_bus_start() {
    local prefix=$1 services=${2:-}
    {
        echo '<busconfig>'
        echo '  <type>session</type>'
        echo "  <listen>unix:path=$prefix</listen>"
        echo '  <auth>EXTERNAL</auth>'
        [ -n "$services" ] && echo "  <servicedir>$services</servicedir>"
        echo '  <policy context="default">'
        echo '    <allow send_destination="*" eavesdrop="true"/>'
        echo '    <allow eavesdrop="true"/>'
        echo '    <allow own="*"/>'
        echo '  </policy>'
        echo '</busconfig>'
    } >"$prefix.conf"
    dbus-daemon --nofork --config-file="$prefix.conf" --print-address >"$prefix.address" 2>"$prefix.log" &
    private_bus_pid=$!
    local _
    for _ in $(seq 100); do [ -s "$prefix.address" ] && break; sleep 0.05; done
    [ -s "$prefix.address" ] || return 1
    private_bus_address=$(head -n 1 "$prefix.address")
}
