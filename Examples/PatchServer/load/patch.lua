-- Sequential ids over 256 users: the 8 requests in flight are on different users, so nearly
-- every PATCH succeeds instead of racing on one ETag.
local counter = 0
local body = '{"favorite_count":7,"retweet_count":3}'
local headers = { ["Content-Type"] = "application/merge-patch+json", ["If-Match"] = "*" }
request = function()
    counter = counter + 1
    return wrk.format("PATCH", "/users/u" .. (counter % 256), headers, body)
end
