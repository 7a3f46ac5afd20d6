# Shared by bin/flink-cdc.sh, bin/local-cluster.sh and benchmarks/run.sh (sourced, not run).

# needs_build STAMP PATH...: true when STAMP is missing or any PATH changed after it.
needs_build() {
  local stamp="$1"; shift
  [ -f "$stamp" ] || return 0
  [ -n "$(find "$@" -newer "$stamp" -print -quit)" ]
}

# build_modules HOME_DIR STAMP WHAT MODULES PATH...: builds the Maven MODULES (comma list, with
# what they need) when STAMP is missing or a PATH changed after it; never with SCHEMAOP_PREBUILT=1.
build_modules() {
  local home="$1" stamp="$2" what="$3" modules="$4"; shift 4
  # Set by the e2e tests, which run these scripts inside the Maven build that has just built
  # what they need: a build from in there would rewrite the jars the tests and the cluster
  # they started hold open.
  [ "${SCHEMAOP_PREBUILT:-}" != 1 ] || return 0
  needs_build "$stamp" "$@" || return 0
  run_build "$home" "$what" -pl "$modules" -am install
  touch "$stamp"
}

# build_connector HOME MODULE: the connector pipeline-connectors/MODULE when it is not built or
# changed, against the runtime bin/flink-cdc.sh has built and installed (not rebuilt here: the
# launch that asks runs from its classes). Called by the command line for a connector a pipeline
# names by type.
build_connector() {
  local home="$1" module="$2"
  local dir="$home/pipeline-connectors/$module"
  [ "${SCHEMAOP_PREBUILT:-}" != 1 ] || return 0
  local inputs=("$home/pom.xml" "$home/pipeline-connectors/pom.xml" "$dir/pom.xml" "$dir/src/main")
  local modules="pipeline-connectors/$module"
  # the Debezium sources build with what they share
  if grep -q '<artifactId>schemaop-debezium-common</artifactId>' "$dir/pom.xml"; then
    inputs+=("$home/pipeline-connectors/debezium-common/pom.xml" "$home/pipeline-connectors/debezium-common/src/main")
    modules="pipeline-connectors/debezium-common,$modules"
  fi
  # a runtime built since: the connector compiles against it
  [ ! -f "$home/flink-schema-operator/target/.cli-build-stamp" ] \
    || inputs+=("$home/flink-schema-operator/target/.cli-build-stamp")
  needs_build "$dir/target/.connector-build-stamp" "${inputs[@]}" || return 0
  run_build "$home" "the $module connector" -pl "$modules" install
  touch "$dir/target/.connector-build-stamp"
}

# run_build HOME WHAT MAVEN_ARGS...: one line saying what is built; the output goes to
# log/build.log. Maven 3.8 prints colour codes even in batch mode: stripped when it fails.
run_build() {
  local home="$1" what="$2"; shift 2
  echo "Building $what (first run or sources changed)..." >&2
  mkdir -p "$home/log"
  local log="$home/log/build.log"
  (cd "$home" && mvn -q -B -ntp -Dstyle.color=never -DskipTests "$@") > "$log" 2>&1 || {
    sed 's/\x1b\[[0-9;]*m//g' "$log" >&2
    echo "The build failed; its output is above and in $log." >&2
    exit 1
  }
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
