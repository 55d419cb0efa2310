package graph

// RecentNamespaces exposes recentNamespaces to the package's tests.
var RecentNamespaces = (*Graph).recentNamespaces
