package main

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

type composeFile struct {
	Services map[string]struct {
		Image       string         `yaml:"image"`
		Build       any            `yaml:"build"`
		Command     []string       `yaml:"command"`
		Ports       []string       `yaml:"ports"`
		Restart     string         `yaml:"restart"`
		Environment map[string]any `yaml:"environment"`
		Healthcheck *struct {
			Test []string `yaml:"test"`
		} `yaml:"healthcheck"`
		DependsOn map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
	} `yaml:"services"`
	Volumes map[string]any `yaml:"volumes"`
}

func loadCompose(t *testing.T) composeFile {
	b, err := os.ReadFile("../../docker-compose.yml")
	require.NoError(t, err)
	var c composeFile
	require.NoError(t, yaml.Unmarshal(b, &c))
	return c
}

// envVarsRead collects every EVOKG_* variable evokg binds to a flag.
func envVarsRead(t reflect.Type, into map[string]bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		if env := f.Tag.Get("env"); env != "" {
			for _, e := range strings.Split(env, ",") {
				into[e] = true
			}
		}
		envVarsRead(f.Type, into)
	}
}

func TestComposeServices(t *testing.T) {
	c := loadCompose(t)
	images := map[string]string{
		"neo4j":    "neo4j:5.26-community",
		"postgres": "pgvector/pgvector:pg17",
		"ollama":   "ollama/ollama",
	}
	for name, image := range images {
		require.Equal(t, image, c.Services[name].Image, name)
		require.NotNil(t, c.Services[name].Healthcheck, "%s needs a healthcheck", name)
	}
	require.Contains(t, c.Services["neo4j"].Ports, "127.0.0.1:7474:7474")
	require.Contains(t, c.Services["neo4j"].Ports, "127.0.0.1:7687:7687")
	require.Contains(t, c.Volumes, "neo4j-data")
	require.Contains(t, c.Services["ollama-pull"].Environment["MODELS"], "nomic-embed-text")

	api := c.Services["evokg-api"]
	require.NotNil(t, api.Build)
	require.Equal(t, []string{"serve", "--addr", "0.0.0.0:8080"}, api.Command)
	require.NotNil(t, api.Healthcheck)
	require.Equal(t, "service_healthy", api.DependsOn["postgres"].Condition)
	require.Equal(t, "service_healthy", api.DependsOn["neo4j"].Condition)
	require.Equal(t, "service_completed_successfully", api.DependsOn["ollama-pull"].Condition)
	require.Equal(t, []string{"worker"}, c.Services["evokg-worker"].Command)
}

// TestComposeMigratesOnceBeforeTheProcesses: a one-shot evokg migrate up
// runs before the API, whose processes then skip migrating, as in the Helm
// chart's hook Job.
func TestComposeMigratesOnceBeforeTheProcesses(t *testing.T) {
	c := loadCompose(t)
	migrate := c.Services["evokg-migrate"]
	require.Equal(t, []string{"migrate", "up"}, migrate.Command)
	require.Equal(t, "no", migrate.Restart)
	require.Equal(t, "service_healthy", migrate.DependsOn["postgres"].Condition)
	require.Equal(t, "service_healthy", migrate.DependsOn["neo4j"].Condition)
	require.Equal(t, "service_completed_successfully", c.Services["evokg-api"].DependsOn["evokg-migrate"].Condition)
	for _, svc := range []string{"evokg-api", "evokg-worker"} {
		require.Equal(t, "true", c.Services[svc].Environment["EVOKG_NO_MIGRATE"], svc)
		require.Equal(t, "unless-stopped", c.Services[svc].Restart, svc)
	}
}

func TestComposeProbesTheWorkersHealthEndpoint(t *testing.T) {
	c := loadCompose(t)
	worker := c.Services["evokg-worker"]
	require.Equal(t, "0.0.0.0:8081", worker.Environment["EVOKG_WORKER_HEALTH_ADDR"])
	require.NotNil(t, worker.Healthcheck)
	require.Equal(t, []string{"CMD", "/usr/local/bin/evokg", "probe", "http://localhost:8081/readyz"}, worker.Healthcheck.Test)
	// The worker and the API get every shared variable (the YAML merge);
	// the API adds the Browser's address for its console.
	for name := range c.Services["evokg-migrate"].Environment {
		require.Contains(t, worker.Environment, name)
		require.Contains(t, c.Services["evokg-api"].Environment, name)
	}
	require.Equal(t, "http://localhost:7474/browser/", c.Services["evokg-api"].Environment["EVOKG_NEO4J_BROWSER_URL"])
}

func TestComposeEnvironmentIsReadByEvokg(t *testing.T) {
	read := map[string]bool{}
	envVarsRead(reflect.TypeOf(CLI{}), read)
	require.Contains(t, read, "EVOKG_POSTGRES_URL")
	c := loadCompose(t)
	for _, svc := range []string{"evokg-api", "evokg-worker", "evokg-migrate"} {
		env := c.Services[svc].Environment
		require.NotEmpty(t, env, svc)
		for name := range env {
			require.True(t, read[name], "%s sets %s, which evokg does not read", svc, name)
		}
	}
}
