SELECT evokg_purge_namespace($1)
