/** The layout stubs the host API's own tests use, for the shell's tests too (one copy). */
export { stubLayoutApis } from '../../packages/host-api/src/__tests__/layoutStubs';
