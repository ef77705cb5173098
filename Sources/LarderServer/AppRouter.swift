import LarderApplication
import LarderHTTP

/// A route handler of the web app: the request, and the caller the request was authenticated
/// as, whom the use case acts for.
typealias AppHandler = @Sendable (HTTPRequest, Caller) throws -> HTTPResponse

/// The web app's routes: each handler is given the caller with the request.
typealias AppRouter = RouteTable<AppHandler>

/// A route anyone may open: the request, and the caller when it has one (signed in or not).
typealias PublicHandler = @Sendable (HTTPRequest, Caller?) throws -> HTTPResponse

/// The web app's public routes.
typealias PublicRouter = RouteTable<PublicHandler>
