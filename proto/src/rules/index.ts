// The pure rules of SPEC §4, §5 and §9 are exported from here.
export {};
