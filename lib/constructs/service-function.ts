import path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal, type IGrantable, type IPrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { functionBundling } from '#lib/function-bundling.js';
import { lockFile, repoRoot } from '#lib/paths.js';

export interface ServiceFunctionProps {
  /** Absolute path of the TypeScript entry point; it exports `handler`. */
  entry: string;
  description: string;
  memoryMiB: number;
  timeoutSeconds: number;
  environment: Record<string, string>;
  /** Constants written into the bundle (lib/function-bundling.ts `bundleDefines`). */
  define: Record<string, string>;
  /** Files copied beside the bundle (lib/function-bundling.ts `bundleFiles`). */
  files?: ReadonlyArray<{ from: string; name: string }>;
  /** Reserved concurrency: its own share of the account's pool, no more and no less. */
  reservedConcurrency?: number | undefined;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
}

export const serviceName = 'agent-readiness';

function nodeOptionsVariable(): Record<string, string> {
  const nodeOptions: string = functionBundling.nodeOptions;
  return nodeOptions === '' ? {} : { NODE_OPTIONS: nodeOptions };
}

const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** Runs after esbuild, on this machine (no Docker): copies each file into the bundle's folder, at its path there. */
function copyFiles(files: ReadonlyArray<{ from: string; name: string }>): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => {
      const folders = [...new Set(files.filter((file) => file.name.includes('/')).map((file) => path.posix.dirname(file.name)))];
      return [
        ...folders.map((folder) => `mkdir -p ${quoted(`${outputDir}/${folder}`)}`),
        ...files.map((file) => `cp ${quoted(file.from)} ${quoted(`${outputDir}/${file.name}`)}`),
      ];
    },
  };
}

/**
 * A Lambda function with every project default: Node 22 on arm64, ESM bundle built by the local
 * esbuild (no Docker, no source maps: lib/function-bundling.ts), no X-Ray, its own log group with retention, and a role that may write
 * only to that log group (no AWSLambdaBasicExecutionRole managed policy).
 */
export class ServiceFunction extends Construct implements IGrantable {
  readonly handler: NodejsFunction;
  readonly role: Role;
  readonly grantPrincipal: IPrincipal;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${id}: ${props.description}`,
    });
    logGroup.grantWrite(this.role);
    this.grantPrincipal = this.role;

    this.handler = new NodejsFunction(this, 'Handler', {
      entry: props.entry,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memoryMiB,
      timeout: Duration.seconds(props.timeoutSeconds),
      ...(props.reservedConcurrency === undefined ? {} : { reservedConcurrentExecutions: props.reservedConcurrency }),
      // No X-Ray: no tracer is installed, and traces nobody reads cost money (docs/decisions/002-http-conventions.md).
      tracing: Tracing.DISABLED,
      role: this.role,
      logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: lockFile,
      environment: {
        ...nodeOptionsVariable(),
        POWERTOOLS_SERVICE_NAME: serviceName,
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: functionBundling.target,
        mainFields: [...functionBundling.mainFields],
        banner: functionBundling.banner,
        minify: functionBundling.minify,
        sourceMap: functionBundling.sourceMap,
        logLevel: LogLevel.WARNING,
        define: props.define,
        esbuildArgs: Object.fromEntries(Object.entries(functionBundling.alias).map(([from, to]) => [`--alias:${from}`, to])),
        // Ship the SDK versions pinned in the lockfile, the ones the tests ran against.
        bundleAwsSDK: true,
        ...(props.files && props.files.length > 0 ? { commandHooks: copyFiles(props.files) } : {}),
      },
    });
  }
}
