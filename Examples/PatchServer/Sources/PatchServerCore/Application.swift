import Hummingbird
import Logging
import NIOCore

/// The server: the routes over `store`, listening where `options` says. `onServerRunning` gets
/// the address it listens on (the port the system chose, when `options.port` is 0).
public func buildApplication(
    options: ServerOptions,
    store: UserStore,
    logger: Logger,
    onServerRunning: @escaping @Sendable (SocketAddress?) async -> Void = { _ in }
) -> some ApplicationProtocol {
    let router = Router()
    UserRoutes(store: store, coders: Coders(options.coders), maximumBodySize: options.maximumBodySize).add(to: router)
    return Application(
        router: router,
        configuration: .init(address: .hostname(options.host, port: options.port), serverName: "PatchServer"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress) },
        logger: logger
    )
}
