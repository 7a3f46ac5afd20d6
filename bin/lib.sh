# Shared by bin/flink-cdc.sh and benchmarks/run.sh (sourced, not run).

# needs_build STAMP PATH...: true when STAMP is missing or any PATH changed after it.
needs_build() {
  local stamp="$1"; shift
  [ -f "$stamp" ] || return 0
  [ -n "$(find "$@" -newer "$stamp" -print -quit)" ]
}

# What Flink's serializers and RPC reach into on Java 17.
JAVA_OPENS=(
  --add-opens java.base/java.util=ALL-UNNAMED
  --add-opens java.base/java.lang=ALL-UNNAMED
  --add-opens java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens java.base/java.io=ALL-UNNAMED
  --add-opens java.base/java.net=ALL-UNNAMED
  --add-opens java.base/java.nio=ALL-UNNAMED
  --add-opens java.base/java.time=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED
)
