//! What every request passes before a handler: while the server listens on a loopback
//! address, the `Host` must be a loopback name with the server's port (on port 80 also
//! without it, as browsers send it; a page of another
//! site that rebinds its DNS name to 127.0.0.1 cannot talk to us); a state-changing
//! request with an `Origin` must come from the page's own origin. A request's body is
//! read here, whole, within the body time limit and the size limit (a slow or endless
//! body is answered 408 and its connection closed). Every answer carries
//! headers that keep the page to itself: a strict Content-Security-Policy (only our own
//! scripts and styles, no framing), `nosniff`, no referrer, and no caching.
use crate::app::App;
use crate::error::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// The Content-Security-Policy of every answer.
pub(crate) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

fn header_str(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Checks the host and the origin; adds the headers.
pub(crate) async fn guard(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = header_str(headers, header::HOST).unwrap_or("");
    if let Some(hosts) = &app.hosts {
        if !hosts.iter().any(|h| h.eq_ignore_ascii_case(host)) {
            return ApiError::Forbidden("this server answers only to its loopback address")
                .into_response();
        }
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        if let Some(origin) = header_str(headers, header::ORIGIN) {
            let own = origin
                .strip_prefix("http://")
                .is_some_and(|o| o.eq_ignore_ascii_case(host));
            if !own {
                return ApiError::Forbidden("requests from other sites are refused")
                    .into_response();
            }
        }
    }
    let request = match read_body(&app, request).await {
        Ok(r) => r,
        Err(e) => return with_headers(e.into_response()),
    };
    with_headers(next.run(request).await)
}

/// The request with its body read whole, within the body time limit and the size limit.
async fn read_body(app: &App, request: Request) -> Result<Request, ApiError> {
    if request.method() == Method::GET || request.method() == Method::HEAD {
        return Ok(request);
    }
    let limits = app.limits();
    let (parts, body) = request.into_parts();
    let read = axum::body::to_bytes(body, limits.body_bytes);
    match tokio::time::timeout(limits.body_timeout, read).await {
        Err(_) => Err(ApiError::SlowBody(limits.body_timeout.as_secs())),
        Ok(Err(_)) => Err(ApiError::Body(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is over {} bytes", limits.body_bytes),
        )),
        Ok(Ok(bytes)) => Ok(Request::from_parts(parts, Body::from(bytes))),
    }
}

/// Adds the headers that keep the page to itself.
fn with_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "cross-origin-resource-policy",
        HeaderValue::from_static("same-origin"),
    );
    response
}
