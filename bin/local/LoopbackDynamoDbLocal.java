import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * Starts DynamoDB Local like its own main class does, with two differences the dev server needs:
 * it listens on 127.0.0.1 only (the jar binds every interface and has no option for it), and it
 * exits when its standard input closes, so it cannot outlive the Node process that started it,
 * even when that process is killed with SIGKILL. Telemetry is never configured, so none is sent.
 * Run in Java's source-file mode: java -cp DynamoDBLocal.jar LoopbackDynamoDbLocal.java -port N ...
 */
public class LoopbackDynamoDbLocal {
  public static void main(String[] args) throws Exception {
    Thread parentWatch = new Thread(LoopbackDynamoDbLocal::exitWhenStdinCloses, "parent-watch");
    parentWatch.setDaemon(true);
    parentWatch.start();

    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    for (Connector connector : server.getConnectors()) {
      ((ServerConnector) connector).setHost("127.0.0.1");
    }
    proxy.start();
    System.out.println("DynamoDB Local listening on 127.0.0.1");
  }

  private static void exitWhenStdinCloses() {
    try {
      while (System.in.read() != -1) {
        // The parent never writes; it only holds the pipe open while it lives.
      }
    } catch (java.io.IOException ignored) {
      // A broken pipe means the same as end of input.
    }
    System.exit(0);
  }
}
