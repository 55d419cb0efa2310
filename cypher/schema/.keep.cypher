// placeholder: constraints are added by the graph package
