// Package helm_test renders the Helm chart in evokg/ with the Helm pinned in
// tools/go.mod and decodes every manifest strictly into the Kubernetes API
// types.
package helm_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8syaml "k8s.io/apimachinery/pkg/util/yaml"
	sigsyaml "sigs.k8s.io/yaml"
)

const (
	release  = "evokg"
	fullname = "evokg" // the release name contains the chart's
	pgURL    = "postgres://evokg:pg-secret-Zq81@pg.example.com:5432/evokg"
	neo4jPW  = "neo4j-secret-Wx42"
)

// required are the values an install must give: the two passwords.
var required = []string{"--set", "postgres.url=" + pgURL, "--set", "neo4j.password=" + neo4jPW}

// secretEnv are the variables that carry passwords and keys.
var secretEnv = []string{"EVOKG_POSTGRES_URL", "EVOKG_NEO4J_PASSWORD", "EVOKG_MODEL_API_KEY"}

// rendered is one chart rendering, decoded.
type rendered struct {
	text        string
	deployments map[string]*appsv1.Deployment
	jobs        map[string]*batchv1.Job
	secrets     map[string]*corev1.Secret
	services    map[string]*corev1.Service
	accounts    map[string]*corev1.ServiceAccount
	hpas        map[string]*autoscalingv2.HorizontalPodAutoscaler
	pdbs        map[string]*policyv1.PodDisruptionBudget
	ingresses   map[string]*networkingv1.Ingress
}

// example is the absolute path of a values file in examples/.
func example(name string) string {
	p, err := filepath.Abs(filepath.Join("examples", name))
	if err != nil {
		panic(err)
	}
	return p
}

// helmTemplate runs `helm template` on the chart.
func helmTemplate(args ...string) (string, error) {
	return helm(append([]string{"template", release, chartArg, "--namespace", "evokg"}, args...)...)
}

// chartArg stands for the chart's path in helm's arguments.
const chartArg = "<chart>"

// helmBin is the Helm pinned in tools/go.mod, built once by TestMain.
var helmBin string

// TestMain builds the pinned Helm (`go tool -n` builds it into the build
// cache and prints its path) before the tests run it in parallel; a failure
// to build it fails the package, never skips it.
func TestMain(m *testing.M) {
	cmd := exec.Command("go", "tool", "-n", "helm")
	cmd.Dir = "tools"
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		fmt.Fprintf(os.Stderr, "building the pinned Helm in tools/: %v\n", err)
		os.Exit(1)
	}
	helmBin = strings.TrimSpace(string(out))
	os.Exit(m.Run())
}

// helm runs the pinned Helm.
func helm(args ...string) (string, error) {
	chart, err := filepath.Abs("evokg")
	if err != nil {
		return "", err
	}
	args = slices.Clone(args)
	for i, a := range args {
		if a == chartArg {
			args[i] = chart
		}
	}
	cmd := exec.Command(helmBin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("helm %v: %w\n%s%s", args, err, stdout.String(), stderr.String())
	}
	return stdout.String(), nil
}

func render(t *testing.T, args ...string) rendered {
	t.Helper()
	out, err := helmTemplate(args...)
	require.NoError(t, err)
	r := rendered{text: out, deployments: map[string]*appsv1.Deployment{}, jobs: map[string]*batchv1.Job{},
		secrets: map[string]*corev1.Secret{}, services: map[string]*corev1.Service{},
		accounts: map[string]*corev1.ServiceAccount{}, hpas: map[string]*autoscalingv2.HorizontalPodAutoscaler{},
		pdbs: map[string]*policyv1.PodDisruptionBudget{}, ingresses: map[string]*networkingv1.Ingress{}}
	docs := k8syaml.NewYAMLReader(bufio.NewReader(strings.NewReader(out)))
	for {
		doc, err := docs.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		if len(bytes.TrimSpace(stripComments(doc))) == 0 {
			continue
		}
		r.add(t, doc)
	}
	return r
}

func stripComments(doc []byte) []byte {
	var b bytes.Buffer
	for line := range strings.Lines(string(doc)) {
		if !strings.HasPrefix(strings.TrimSpace(line), "#") {
			b.WriteString(line)
		}
	}
	return b.Bytes()
}

// decode decodes doc strictly: an unknown or duplicate field is an error.
func decode[T any](t *testing.T, doc []byte, into map[string]*T, name func(*T) string) {
	t.Helper()
	obj := new(T)
	require.NoError(t, sigsyaml.UnmarshalStrict(doc, obj), "%s", doc)
	n := name(obj)
	require.NotContains(t, into, n, "two objects named %s", n)
	into[n] = obj
}

func (r rendered) add(t *testing.T, doc []byte) {
	t.Helper()
	var tm metav1.TypeMeta
	require.NoError(t, sigsyaml.Unmarshal(doc, &tm))
	switch tm.APIVersion + " " + tm.Kind {
	case "apps/v1 Deployment":
		decode(t, doc, r.deployments, func(o *appsv1.Deployment) string { return o.Name })
	case "batch/v1 Job":
		decode(t, doc, r.jobs, func(o *batchv1.Job) string { return o.Name })
	case "v1 Secret":
		decode(t, doc, r.secrets, func(o *corev1.Secret) string { return o.Name })
	case "v1 Service":
		decode(t, doc, r.services, func(o *corev1.Service) string { return o.Name })
	case "v1 ServiceAccount":
		decode(t, doc, r.accounts, func(o *corev1.ServiceAccount) string { return o.Name })
	case "autoscaling/v2 HorizontalPodAutoscaler":
		decode(t, doc, r.hpas, func(o *autoscalingv2.HorizontalPodAutoscaler) string { return o.Name })
	case "policy/v1 PodDisruptionBudget":
		decode(t, doc, r.pdbs, func(o *policyv1.PodDisruptionBudget) string { return o.Name })
	case "networking.k8s.io/v1 Ingress":
		decode(t, doc, r.ingresses, func(o *networkingv1.Ingress) string { return o.Name })
	default:
		t.Fatalf("unexpected object %s %s in the chart:\n%s", tm.APIVersion, tm.Kind, doc)
	}
}

// container returns the only container of a pod template.
func container(t *testing.T, spec corev1.PodSpec) corev1.Container {
	t.Helper()
	require.Len(t, spec.Containers, 1)
	return spec.Containers[0]
}

func (r rendered) api(t *testing.T) (*appsv1.Deployment, corev1.Container) {
	d := r.deployments[fullname+"-api"]
	require.NotNil(t, d, "the API Deployment")
	return d, container(t, d.Spec.Template.Spec)
}

func (r rendered) worker(t *testing.T) (*appsv1.Deployment, corev1.Container) {
	d := r.deployments[fullname+"-worker"]
	require.NotNil(t, d, "the worker Deployment")
	return d, container(t, d.Spec.Template.Spec)
}

func (r rendered) migrate(t *testing.T) (*batchv1.Job, corev1.Container) {
	j := r.jobs[fullname+"-migrate"]
	require.NotNil(t, j, "the migration Job")
	return j, container(t, j.Spec.Template.Spec)
}

func envNames(c corev1.Container) []string {
	var names []string
	for _, e := range c.Env {
		names = append(names, e.Name)
	}
	sort.Strings(names)
	return names
}

func env(t *testing.T, c corev1.Container, name string) corev1.EnvVar {
	t.Helper()
	for _, e := range c.Env {
		if e.Name == name {
			return e
		}
	}
	t.Fatalf("container %s has no %s", c.Name, name)
	return corev1.EnvVar{}
}

// probe asserts an HTTP probe's path and that its named port is the
// container's port number want.
func probe(t *testing.T, c corev1.Container, p *corev1.Probe, path string, want int32) {
	t.Helper()
	require.NotNil(t, p, "%s: probe on %s", c.Name, path)
	require.NotNil(t, p.HTTPGet, "%s: an HTTP probe", c.Name)
	require.Equal(t, path, p.HTTPGet.Path, c.Name)
	var port int32
	for _, cp := range c.Ports {
		if cp.Name == p.HTTPGet.Port.String() {
			port = cp.ContainerPort
		}
	}
	require.Equal(t, want, port, "%s: the probe on %s goes to port %s", c.Name, path, p.HTTPGet.Port.String())
}

// requireSecretsFromSecrets asserts every password or key comes from a
// Secret, and that no secret value appears outside the Secret object.
func requireSecretsFromSecrets(t *testing.T, r rendered, values ...string) {
	t.Helper()
	_, api := r.api(t)
	_, worker := r.worker(t)
	_, migrate := r.migrate(t)
	for _, c := range []corev1.Container{api, worker, migrate} {
		for _, name := range secretEnv {
			e := env(t, c, name)
			require.Empty(t, e.Value, "%s: %s must not be plain", c.Name, name)
			require.NotNil(t, e.ValueFrom, "%s: %s", c.Name, name)
			require.NotNil(t, e.ValueFrom.SecretKeyRef, "%s: %s comes from a Secret", c.Name, name)
		}
		for _, e := range c.Env {
			if !slices.Contains(secretEnv, e.Name) {
				require.Nil(t, e.ValueFrom, "%s: %s", c.Name, e.Name)
			}
		}
	}
	outside := r.text
	if i := strings.Index(outside, "kind: Secret"); i >= 0 {
		end := strings.Index(outside[i:], "\n---")
		if end < 0 {
			end = len(outside) - i
		}
		outside = outside[:i] + outside[i+end:]
	}
	for _, v := range values {
		require.NotContains(t, outside, v, "a secret value appears outside the Secret")
	}
}

func hookWeight(t *testing.T, m metav1.ObjectMeta) int {
	t.Helper()
	w, err := strconv.Atoi(m.Annotations["helm.sh/hook-weight"])
	require.NoError(t, err, m.Name)
	return w
}

// requireResources asserts CPU and memory requests and a memory limit.
func requireResources(t *testing.T, c corev1.Container) {
	t.Helper()
	require.False(t, c.Resources.Requests.Cpu().IsZero(), "%s: CPU request", c.Name)
	require.False(t, c.Resources.Requests.Memory().IsZero(), "%s: memory request", c.Name)
	require.False(t, c.Resources.Limits.Memory().IsZero(), "%s: memory limit", c.Name)
	require.True(t, c.Resources.Limits.Memory().Cmp(*c.Resources.Requests.Memory()) >= 0, c.Name)
}

func TestChartDefaults(t *testing.T) {
	t.Parallel()
	r := render(t, required...)
	require.Len(t, r.deployments, 2)
	require.Empty(t, r.hpas, "autoscaling is off by default")
	require.Empty(t, r.ingresses, "the ingress is off by default")
	require.Contains(t, r.accounts, fullname)
	require.Len(t, r.pdbs, 2)

	d, api := r.api(t)
	require.Equal(t, int32(2), *d.Spec.Replicas)
	require.Equal(t, []string{"serve", "--addr", "0.0.0.0:8080"}, api.Args)
	require.Equal(t, "evokg/evokg:0.1.0", api.Image)
	probe(t, api, api.LivenessProbe, "/healthz", 8080)
	probe(t, api, api.StartupProbe, "/healthz", 8080)
	probe(t, api, api.ReadinessProbe, "/readyz", 8080)
	require.Equal(t, fullname, d.Spec.Template.Spec.ServiceAccountName)

	w, worker := r.worker(t)
	require.Equal(t, int32(1), *w.Spec.Replicas)
	require.Equal(t, []string{"worker"}, worker.Args)
	probe(t, worker, worker.LivenessProbe, "/healthz", 8081)
	probe(t, worker, worker.ReadinessProbe, "/readyz", 8081)
	require.Equal(t, "0.0.0.0:8081", env(t, worker, "EVOKG_WORKER_HEALTH_ADDR").Value)

	job, migrate := r.migrate(t)
	require.Equal(t, []string{"migrate", "up"}, migrate.Args)
	require.Equal(t, "pre-install,pre-upgrade", job.Annotations["helm.sh/hook"])
	require.Equal(t, corev1.RestartPolicyNever, job.Spec.Template.Spec.RestartPolicy)
	require.Empty(t, job.Spec.Template.Spec.ServiceAccountName,
		"the chart's ServiceAccount does not exist yet when a pre-install hook runs")

	// The pods do not migrate: the hook Job does, before them.
	for _, c := range []corev1.Container{api, worker, migrate} {
		require.Equal(t, "true", env(t, c, "EVOKG_NO_MIGRATE").Value, c.Name)
		requireResources(t, c)
		require.True(t, *c.SecurityContext.ReadOnlyRootFilesystem, c.Name)
	}

	// The Secret exists before the Job that reads it, and holds the values.
	s := r.secrets[fullname]
	require.NotNil(t, s)
	require.Equal(t, "pre-install,pre-upgrade", s.Annotations["helm.sh/hook"])
	require.Less(t, hookWeight(t, s.ObjectMeta), hookWeight(t, job.ObjectMeta), "the Secret is made before the Job")
	require.Equal(t, map[string]string{"postgres-url": pgURL, "neo4j-password": neo4jPW, "model-api-key": ""}, s.StringData)
	for _, c := range []corev1.Container{api, worker, migrate} {
		for _, name := range secretEnv {
			require.Equal(t, fullname, env(t, c, name).ValueFrom.SecretKeyRef.Name, "%s %s", c.Name, name)
		}
	}
	require.NotEmpty(t, d.Spec.Template.Annotations["checksum/secret"], "a changed Secret rolls the pods")
	requireSecretsFromSecrets(t, r, pgURL, neo4jPW)

	svc := r.services[fullname]
	require.NotNil(t, svc)
	require.Equal(t, d.Spec.Selector.MatchLabels, svc.Spec.Selector)
	require.Equal(t, "http", svc.Spec.Ports[0].TargetPort.String())
	require.Equal(t, d.Spec.Selector.MatchLabels, r.pdbs[fullname+"-api"].Spec.Selector.MatchLabels)
	require.Equal(t, w.Spec.Selector.MatchLabels, r.pdbs[fullname+"-worker"].Spec.Selector.MatchLabels)
	require.NotEqual(t, d.Spec.Selector.MatchLabels, w.Spec.Selector.MatchLabels)
}

func TestChartRefusesBadValues(t *testing.T) {
	t.Parallel()
	_, err := helmTemplate()
	require.ErrorContains(t, err, "postgres.url is required")
	_, err = helmTemplate("--set", "postgres.url="+pgURL)
	require.ErrorContains(t, err, "neo4j.password is required")
	// values.schema.json: a misspelt value or a wrong type is refused.
	_, err = helmTemplate(append(slices.Clone(required), "--set", "postgress.url="+pgURL)...)
	require.ErrorContains(t, err, "'postgress' not allowed")
	_, err = helmTemplate(append(slices.Clone(required), "--set", "models.embeddingDim=large")...)
	require.ErrorContains(t, err, "/models/embeddingDim")
	_, err = helmTemplate(append(slices.Clone(required), "--set", "models.provider=anthropic")...)
	require.ErrorContains(t, err, "/models/provider")
}

func TestChartLintsStrictly(t *testing.T) {
	t.Parallel()
	for _, values := range [][]string{required, {"-f", example("everything.yaml")}, {"-f", example("neo4j-cloudnativepg.yaml")}} {
		out, err := helm(append([]string{"lint", "--strict", chartArg}, values...)...)
		require.NoError(t, err)
		require.Contains(t, out, "0 chart(s) failed")
	}
}

func TestChartEverythingOn(t *testing.T) {
	t.Parallel()
	r := render(t, "-f", example("everything.yaml"))
	require.Empty(t, r.secrets, "with existingSecret the chart makes no Secret")
	require.Empty(t, r.accounts, "with serviceAccount.create false the chart makes no ServiceAccount")

	d, api := r.api(t)
	require.Nil(t, d.Spec.Replicas, "the HPA sets the API's replicas")
	require.Equal(t, "registry.example.com/evokg:1.2.3", api.Image)
	require.Equal(t, "evokg-runner", d.Spec.Template.Spec.ServiceAccountName)
	require.Equal(t, "linux", d.Spec.Template.Spec.NodeSelector["kubernetes.io/os"])
	require.Len(t, d.Spec.Template.Spec.Tolerations, 1)
	require.NotNil(t, d.Spec.Template.Spec.Affinity.PodAntiAffinity)
	require.Equal(t, "registry-credentials", d.Spec.Template.Spec.ImagePullSecrets[0].Name)
	require.Empty(t, d.Spec.Template.Annotations["checksum/secret"])
	w, worker := r.worker(t)
	require.Nil(t, w.Spec.Replicas, "the HPA sets the worker's replicas")
	job, migrate := r.migrate(t)
	require.Equal(t, "evokg-runner", job.Spec.Template.Spec.ServiceAccountName)

	for _, c := range []corev1.Container{api, worker, migrate} {
		require.Equal(t, "neo4j+s://graph.example.com:7687", env(t, c, "EVOKG_NEO4J_URI").Value)
		require.Equal(t, "evokg", env(t, c, "EVOKG_NEO4J_USER").Value)
		require.Equal(t, "openai", env(t, c, "EVOKG_MODEL_PROVIDER").Value)
		require.Equal(t, "https://models.example.com/v1", env(t, c, "EVOKG_OLLAMA_URL").Value)
		require.Equal(t, "1024", env(t, c, "EVOKG_EMBEDDING_DIM").Value)
		require.Equal(t, "1200", env(t, c, "EVOKG_RATE_LIMIT").Value)
		keys := map[string]string{}
		for _, name := range secretEnv {
			ref := env(t, c, name).ValueFrom.SecretKeyRef
			require.Equal(t, "evokg-secrets", ref.Name)
			keys[name] = ref.Key
		}
		require.Equal(t, map[string]string{"EVOKG_POSTGRES_URL": "postgres-url",
			"EVOKG_NEO4J_PASSWORD": "neo4j-password", "EVOKG_MODEL_API_KEY": "model-api-key"}, keys)
	}
	requireSecretsFromSecrets(t, r)

	for _, component := range []string{"api", "worker"} {
		h := r.hpas[fullname+"-"+component]
		require.NotNil(t, h, component)
		require.Equal(t, "Deployment", h.Spec.ScaleTargetRef.Kind)
		require.Contains(t, r.deployments, h.Spec.ScaleTargetRef.Name)
		require.Equal(t, fullname+"-"+component, h.Spec.ScaleTargetRef.Name)
	}
	require.Equal(t, int32(3), *r.hpas[fullname+"-api"].Spec.MinReplicas)
	require.Equal(t, int32(60), *r.hpas[fullname+"-api"].Spec.Metrics[0].Resource.Target.AverageUtilization)

	ing := r.ingresses[fullname]
	require.NotNil(t, ing)
	require.Equal(t, "nginx", *ing.Spec.IngressClassName)
	require.Equal(t, "evokg-tls", ing.Spec.TLS[0].SecretName)
	backend := ing.Spec.Rules[0].HTTP.Paths[0].Backend.Service
	require.Equal(t, fullname, backend.Name)
	require.Contains(t, r.services, backend.Name)
	require.Equal(t, "http", backend.Port.Name)
}

func TestChartWithNeo4jChartAndCloudNativePG(t *testing.T) {
	t.Parallel()
	r := render(t, "-f", example("neo4j-cloudnativepg.yaml"))
	s := r.secrets[fullname]
	require.NotNil(t, s, "the chart's Secret still holds the model key")
	require.Equal(t, map[string]string{"model-api-key": ""}, s.StringData,
		"the passwords stay in the Secrets of CloudNativePG and Neo4j")
	_, api := r.api(t)
	_, worker := r.worker(t)
	_, migrate := r.migrate(t)
	for _, c := range []corev1.Container{api, worker, migrate} {
		pg := env(t, c, "EVOKG_POSTGRES_URL").ValueFrom.SecretKeyRef
		require.Equal(t, "evokg-pg-app", pg.Name)
		require.Equal(t, "uri", pg.Key)
		pw := env(t, c, "EVOKG_NEO4J_PASSWORD").ValueFrom.SecretKeyRef
		require.Equal(t, "evokg-neo4j-auth", pw.Name)
		require.Equal(t, "password", pw.Key)
		require.Equal(t, "neo4j://neo4j.evokg.svc.cluster.local:7687", env(t, c, "EVOKG_NEO4J_URI").Value)
		require.Equal(t, fullname, env(t, c, "EVOKG_MODEL_API_KEY").ValueFrom.SecretKeyRef.Name)
	}
	requireSecretsFromSecrets(t, r)
}

// compose is what the chart must agree with in docker-compose.yml.
type compose struct {
	Services map[string]struct {
		Command     []string       `yaml:"command"`
		Environment map[string]any `yaml:"environment"`
		Restart     string         `yaml:"restart"`
		Healthcheck *struct {
			Test []string `yaml:"test"`
		} `yaml:"healthcheck"`
	} `yaml:"services"`
}

func loadCompose(t *testing.T) compose {
	b, err := os.ReadFile("../../docker-compose.yml")
	require.NoError(t, err)
	var c compose
	require.NoError(t, yaml.Unmarshal(b, &c))
	return c
}

func composeEnv(t *testing.T, c compose, service string) []string {
	t.Helper()
	env := c.Services[service].Environment
	require.NotEmpty(t, env, service)
	var names []string
	for name := range env {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// TestChartMatchesCompose: the chart's pods and docker-compose's services
// read the same variables, run the same commands and are probed alike.
func TestChartMatchesCompose(t *testing.T) {
	t.Parallel()
	c := loadCompose(t)
	for _, values := range [][]string{required, {"-f", example("neo4j-cloudnativepg.yaml")}} {
		r := render(t, values...)
		_, api := r.api(t)
		_, worker := r.worker(t)
		_, migrate := r.migrate(t)
		require.Equal(t, composeEnv(t, c, "evokg-api"), envNames(api))
		require.Equal(t, composeEnv(t, c, "evokg-worker"), envNames(worker))
		require.Equal(t, composeEnv(t, c, "evokg-migrate"), envNames(migrate))
		require.Equal(t, c.Services["evokg-api"].Command, api.Args)
		require.Equal(t, c.Services["evokg-worker"].Command, worker.Args)
		require.Equal(t, c.Services["evokg-migrate"].Command, migrate.Args)
		require.Equal(t, fmt.Sprint(c.Services["evokg-worker"].Environment["EVOKG_WORKER_HEALTH_ADDR"]),
			env(t, worker, "EVOKG_WORKER_HEALTH_ADDR").Value)
		require.Equal(t, fmt.Sprint(c.Services["evokg-api"].Environment["EVOKG_NO_MIGRATE"]),
			env(t, api, "EVOKG_NO_MIGRATE").Value)

		// Compose's healthcheck probes what the readiness probe probes.
		for svc, ctr := range map[string]corev1.Container{"evokg-api": api, "evokg-worker": worker} {
			hc := c.Services[svc].Healthcheck
			require.NotNil(t, hc, svc)
			require.Equal(t, []string{"CMD", "/usr/local/bin/evokg", "probe"}, hc.Test[:3], svc)
			url := fmt.Sprintf("http://localhost:%d%s", ctr.Ports[0].ContainerPort, ctr.ReadinessProbe.HTTPGet.Path)
			require.Equal(t, url, hc.Test[3], svc)
		}
	}
	// Deployments restart their pods always; the migration runs once.
	require.Equal(t, "unless-stopped", c.Services["evokg-api"].Restart)
	require.Equal(t, "unless-stopped", c.Services["evokg-worker"].Restart)
	require.Equal(t, "no", c.Services["evokg-migrate"].Restart)
}
