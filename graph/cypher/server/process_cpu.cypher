// The Neo4j server process's CPU time so far, in nanoseconds (JMX). Not
// scoped by namespace: it measures the server, for the benches.
CALL dbms.queryJmx('java.lang:type=OperatingSystem') YIELD attributes
RETURN attributes.ProcessCpuTime.value AS cpu_ns
