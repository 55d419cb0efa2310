{{/* Names and labels. */}}
{{- define "evokg.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "evokg.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "evokg.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "evokg.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{/* Selector labels of one component: include with (list $ "api"). */}}
{{- define "evokg.selectorLabels" -}}
{{- $ := index . 0 -}}
app.kubernetes.io/name: {{ include "evokg.name" $ }}
app.kubernetes.io/instance: {{ $.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end }}

{{- define "evokg.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "evokg.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "evokg.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{/* The Secret the pods read: the chart's own, or existingSecret. */}}
{{- define "evokg.secretName" -}}
{{- default (include "evokg.fullname" .) .Values.existingSecret }}
{{- end }}

{{/* secretKeyRef of one value: (list $ .Values.postgres.fromSecret "postgres-url"). */}}
{{- define "evokg.secretRef" -}}
{{- $ := index . 0 -}}
{{- $from := index . 1 }}
{{- if $from.name }}
name: {{ $from.name }}
key: {{ $from.key }}
{{- else }}
name: {{ include "evokg.secretName" $ }}
key: {{ index . 2 }}
{{- end }}
{{- end }}

{{/*
The environment of the API, the worker and the migration Job: the names
docker-compose.yml gives x-evokg-env. Passwords and keys come from Secrets only.
*/}}
{{- define "evokg.env" -}}
- name: EVOKG_POSTGRES_URL
  valueFrom:
    secretKeyRef:
      {{- include "evokg.secretRef" (list . .Values.postgres.fromSecret "postgres-url") | trim | nindent 6 }}
- name: EVOKG_NEO4J_URI
  value: {{ required "neo4j.uri is required" .Values.neo4j.uri | quote }}
- name: EVOKG_NEO4J_USER
  value: {{ .Values.neo4j.user | quote }}
- name: EVOKG_NEO4J_PASSWORD
  valueFrom:
    secretKeyRef:
      {{- include "evokg.secretRef" (list . .Values.neo4j.fromSecret "neo4j-password") | trim | nindent 6 }}
- name: EVOKG_MODEL_PROVIDER
  value: {{ .Values.models.provider | quote }}
- name: EVOKG_OLLAMA_URL
  value: {{ required "models.url is required" .Values.models.url | quote }}
- name: EVOKG_MODEL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "evokg.secretName" . }}
      key: model-api-key
      optional: true
- name: EVOKG_TEACHER_MODEL
  value: {{ .Values.models.teacher | quote }}
- name: EVOKG_LEARNER_MODEL
  value: {{ .Values.models.learner | quote }}
- name: EVOKG_EMBEDDING_MODEL
  value: {{ .Values.models.embedding | quote }}
- name: EVOKG_EMBEDDING_DIM
  value: {{ .Values.models.embeddingDim | int | quote }}
- name: EVOKG_LOG_FORMAT
  value: {{ .Values.logFormat | quote }}
- name: EVOKG_NO_MIGRATE
  value: "true"
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Pod settings shared by the API and the worker: include with (list $ .Values.api). */}}
{{- define "evokg.podScheduling" -}}
{{- $c := index . 1 }}
{{- with $c.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $c.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $c.affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}

{{/* Pod annotations: a checksum of the chart's Secret rolls the pods when it changes. */}}
{{- define "evokg.podAnnotations" -}}
{{- $ := index . 0 -}}
{{- if not $.Values.existingSecret }}
checksum/secret: {{ include (print $.Template.BasePath "/secret.yaml") $ | sha256sum }}
{{- end }}
{{- with (index . 1).podAnnotations }}
{{ toYaml . }}
{{- end }}
{{- end }}
