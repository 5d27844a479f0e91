"""Insurance taxes: the tenant's rates per ramo (motor liability by province, with the SSN
contribution) and the split of a premium into net, taxes and gross."""
