CREATE INDEX experience_clock IF NOT EXISTS FOR (e:Experience) ON (e.namespace, e.clock)
