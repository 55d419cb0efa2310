# syntax=docker/dockerfile:1
# Multi-stage build of the single evokg binary.
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o /out/evokg ./cmd/evokg

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/evokg /usr/local/bin/evokg
USER nonroot:nonroot
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/evokg"]
CMD ["serve"]
