// SPDX-License-Identifier: MIT
#include "view/http_server.hpp"

#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>

#include <boost/asio/ip/address.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "view/byte_range.hpp"

namespace isla::view {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

constexpr std::uint32_t kHeaderLimitBytes = 8192;
// Beast's version number of HTTP/1.1, for answers to requests it could not parse.
constexpr unsigned kHttp11 = 11;
constexpr std::string_view kServerName = "isla-tool view";

}  // namespace

struct HttpServer::Shared {
  std::shared_ptr<const StaticFiles> files;
  ServerSettings settings;
  std::size_t connections = 0;
  struct Document {
    std::string contentType;
    std::string body;
  };
  std::map<std::string, Document, std::less<>> documents;
};

namespace {

// One connection: requests read and answered in turn until the client
// closes, a timeout, or a request that ends the connection.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, std::shared_ptr<HttpServer::Shared> shared)
      : stream_(std::move(socket)), shared_(std::move(shared)) {
    ++shared_->connections;
  }
  ~Session() { --shared_->connections; }

  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderLimitBytes);
    parser_->body_limit(0);
    stream_.expires_after(shared_->settings.requestTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code error, std::size_t) { self->onRead(error); });
  }

 private:
  void onRead(beast::error_code error) {
    if (error == http::error::end_of_stream || error == beast::error::timeout || error == asio::error::eof ||
        error == asio::error::connection_reset || error == asio::error::operation_aborted) {
      close();
      return;
    }
    if (error == http::error::header_limit) {
      answerError(http::status::request_header_fields_too_large, "the request's header is over 8 KiB", kHttp11, false);
      return;
    }
    if (error == http::error::body_limit) {
      answerError(http::status::payload_too_large, "requests take no body", kHttp11, false);
      return;
    }
    if (error) {
      answerError(http::status::bad_request, "a malformed request", kHttp11, false);
      return;
    }
    answer(parser_->release());
  }

  void answer(const http::request<http::empty_body>& request) {
    const unsigned version = request.version();
    const bool keepAlive = request.keep_alive();
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
      answerError(http::status::method_not_allowed, "only GET and HEAD", version, keepAlive);
      return;
    }
    const std::string_view target = request.target();
    if (const auto document = shared_->documents.find(target.substr(0, target.find_first_of("?#")));
        document != shared_->documents.end()) {
      auto response = textResponse(http::status::ok, document->second.body, version, keepAlive);
      response.set(http::field::content_type, document->second.contentType);
      response.set(http::field::cache_control, "no-cache");
      send(std::move(response), request.method() != http::verb::head);
      return;
    }
    const Resolution resolution = shared_->files->resolve(target);
    if (resolution.status != 200) {
      answerError(static_cast<http::status>(resolution.status), resolution.reason, version, keepAlive);
      return;
    }
    const bool head = request.method() == http::verb::head;
    http::file_body::value_type body;
    beast::error_code error;
    body.open(resolution.file.c_str(), beast::file_mode::scan, error);
    if (error) {
      answerError(http::status::not_found, "no such file", version, keepAlive);
      return;
    }
    const std::uint64_t size = body.size();
    const ByteRange range = parseByteRange(request[http::field::range], size);
    if (range.kind == ByteRange::Kind::Unsatisfiable) {
      auto response = textResponse(http::status::range_not_satisfiable, "the range is past the file's end\n",
                                   version, keepAlive);
      response.set(http::field::content_range, "bytes */" + std::to_string(size));
      send(std::move(response));
      return;
    }
    if (range.kind == ByteRange::Kind::Part) {
      http::response<http::string_body> response{http::status::partial_content, version};
      setCommon(response, resolution.file, keepAlive);
      response.set(http::field::content_range, "bytes " + std::to_string(range.first) + "-" +
                                                   std::to_string(range.first + range.count - 1) + "/" +
                                                   std::to_string(size));
      if (head) {
        response.content_length(range.count);
      } else {
        response.body().resize(range.count);
        std::ifstream in(resolution.file, std::ios::binary);
        in.seekg(static_cast<std::streamoff>(range.first));
        in.read(response.body().data(), static_cast<std::streamsize>(range.count));
        if (!in) {
          answerError(http::status::internal_server_error, "the file could not be read", version, false);
          return;
        }
        response.prepare_payload();
      }
      send(std::move(response), !head);
      return;
    }
    if (head) {
      http::response<http::empty_body> response{http::status::ok, version};
      setCommon(response, resolution.file, keepAlive);
      response.content_length(size);
      send(std::move(response), false);
      return;
    }
    http::response<http::file_body> response{http::status::ok, version};
    setCommon(response, resolution.file, keepAlive);
    response.body() = std::move(body);
    response.prepare_payload();
    send(std::move(response));
  }

  template <class Response>
  static void setCommon(Response& response, const std::filesystem::path& file, bool keepAlive) {
    response.set(http::field::server, kServerName);
    response.set(http::field::content_type, contentType(file));
    response.set(http::field::accept_ranges, "bytes");
    response.set(http::field::cache_control, "no-cache");
    response.keep_alive(keepAlive);
  }

  static http::response<http::string_body> textResponse(http::status status, std::string text, unsigned version,
                                                        bool keepAlive) {
    http::response<http::string_body> response{status, version};
    response.set(http::field::server, kServerName);
    response.set(http::field::content_type, "text/plain; charset=utf-8");
    response.keep_alive(keepAlive);
    response.body() = std::move(text);
    response.prepare_payload();
    return response;
  }

  void answerError(http::status status, const std::string& reason, unsigned version, bool keepAlive) {
    auto response = textResponse(status, std::to_string(static_cast<unsigned>(status)) + " " +
                                             std::string(http::obsolete_reason(status)) + ": " + reason + "\n",
                                 version, keepAlive);
    if (status == http::status::method_not_allowed) response.set(http::field::allow, "GET, HEAD");
    send(std::move(response));
  }

  // Writes a response; `withBody` false keeps the Content-Length of a HEAD
  // answer while sending no body.
  template <class Body>
  void send(http::response<Body>&& response, bool withBody = true) {
    auto owned = std::make_shared<http::response<Body>>(std::move(response));
    stream_.expires_after(shared_->settings.writeTimeout);
    auto done = [self = shared_from_this(), owned](beast::error_code error, std::size_t) {
      if (error || !owned->keep_alive()) {
        self->close();
      } else {
        self->read();
      }
    };
    if (withBody) {
      http::async_write(stream_, *owned, std::move(done));
    } else {
      auto serializer = std::make_shared<http::response_serializer<Body>>(*owned);
      serializer->split(true);
      http::async_write_header(stream_, *serializer,
                               [serializer, done = std::move(done)](beast::error_code error, std::size_t bytes) {
                                 done(error, bytes);
                               });
    }
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.close();
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_{kHeaderLimitBytes};
  std::optional<http::request_parser<http::empty_body>> parser_;
  std::shared_ptr<HttpServer::Shared> shared_;
};

}  // namespace

HttpServer::HttpServer(asio::io_context& io, std::shared_ptr<const StaticFiles> files, const ServerSettings& settings)
    : acceptor_(io), shared_(std::make_shared<Shared>(Shared{std::move(files), settings, 0, {}})) {
  const std::string where = settings.bind + " port " + std::to_string(settings.port);
  beast::error_code error;
  const auto address = asio::ip::make_address(settings.bind, error);
  if (error) throw std::runtime_error("'" + settings.bind + "' is not an IP address to bind to");
  const tcp::endpoint endpoint(address, settings.port);
  acceptor_.open(endpoint.protocol(), error);
  if (!error) acceptor_.set_option(asio::socket_base::reuse_address(true), error);
  if (!error) acceptor_.bind(endpoint, error);
  if (!error) acceptor_.listen(asio::socket_base::max_listen_connections, error);
  if (error) throw std::runtime_error("cannot listen on " + where + ": " + error.message());
}

HttpServer::~HttpServer() = default;

tcp::endpoint HttpServer::endpoint() const { return acceptor_.local_endpoint(); }

void HttpServer::start() { accept(); }

void HttpServer::serve(std::shared_ptr<const StaticFiles> files) { shared_->files = std::move(files); }

void HttpServer::publish(const std::string& target, const std::string& contentType, std::string body) {
  shared_->documents.insert_or_assign(target, Shared::Document{contentType, std::move(body)});
}

void HttpServer::accept() {
  acceptor_.async_accept([this](beast::error_code error, tcp::socket socket) {
    if (error == asio::error::operation_aborted) return;
    if (!error && shared_->connections < shared_->settings.maxConnections) {
      std::make_shared<Session>(std::move(socket), shared_)->read();
    }
    accept();
  });
}

}  // namespace isla::view
