// SPDX-License-Identifier: MIT
// The viewer's HTTP/1.1 server (Boost.Beast on one Asio thread): GET and
// HEAD of the files StaticFiles resolves, with their content types and
// single Range requests, and of the documents it holds in memory (view
// --watch's state). A client gets `requestTimeout` to send each request
// (slow or abandoned ones are dropped) and `writeTimeout` to take each
// response; headers over 8 KiB, bodies and other methods are refused.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "view/static_files.hpp"

namespace isla::view {

struct ServerSettings {
  std::string bind = "127.0.0.1";
  unsigned short port = 0;  // 0: a free one
  std::chrono::milliseconds requestTimeout{10000};
  std::chrono::milliseconds writeTimeout{60000};
  // Connections beyond it are closed as they arrive, so that a flood of
  // idle ones cannot exhaust the process's file descriptors.
  std::size_t maxConnections = 512;
};

class HttpServer {
 public:
  // Listens at once; throws std::runtime_error naming the address when it
  // cannot (a bad address, a port in use).
  HttpServer(boost::asio::io_context& io, std::shared_ptr<const StaticFiles> files, const ServerSettings& settings);
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;
  ~HttpServer();

  boost::asio::ip::tcp::endpoint endpoint() const;
  // Accepts connections until the io_context stops.
  void start();

  // Called on the io_context's thread, as every handler runs. Requests read
  // from now on resolve against `files`; a file already being sent is sent
  // whole.
  void serve(std::shared_ptr<const StaticFiles> files);
  // GET and HEAD of exactly `target` (its query aside) answer `body` as
  // `contentType` from now on, before any file.
  void publish(const std::string& target, const std::string& contentType, std::string body);

  // What every connection shares with the server (http_server.cpp).
  struct Shared;

 private:
  void accept();

  boost::asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<Shared> shared_;
};

}  // namespace isla::view
