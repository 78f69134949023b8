/** The product as tests start it; its composition lives beside the all-in-one app so the browser tier can run it built. */
export * from '../../apps/all-in-one/src/testing/test-product';
